import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Calls counted per key in fixed windows, shared by every API process on the database. */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rate_windows_start_idx').on(t.windowStart)],
);
