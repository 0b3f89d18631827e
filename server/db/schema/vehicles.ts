import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/** Stock for sale: what the vehicles export sends. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    registration: text('registration').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    derivative: text('derivative').notNull(),
    /** In pence. */
    price: integer('price').notNull(),
    mileage: integer('mileage').notNull(),
    dealership: text('dealership').notNull(),
    ...stamps,
  },
  (t) => [
    uniqueIndex('vehicles_registration_unique').on(t.registration),
    // A reservation finds its vehicle (and so its dealership) by registration in upper case.
    index('vehicles_registration_upper_idx').on(sql`upper(${t.registration})`),
  ],
);
