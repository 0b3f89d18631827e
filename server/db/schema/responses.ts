import { date, index, integer, json, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/** One answer of a stored enquiry: the question as the form labelled it and what was entered. */
export interface ResponseAnswer {
  label: string;
  result: string | number | boolean | string[] | null;
}

/**
 * An enquiry sent from the website's forms (spec §3 Response). Keyed by the form's handle, as the
 * website names it, so enquiries stay readable whatever happens to the form's page.
 */
export const responses = pgTable(
  'responses',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    /** json, not jsonb: the answers keep the order the form asked them in. */
    data: json('data').$type<Record<string, ResponseAnswer>>().notNull(),
    /**
     * Where the enquiry belongs (issue #25), decided when it is received: the dealership its form's
     * dealership question chose (with that dealership's brand), else the brand of the form it was
     * sent from, else the group (both null). No foreign keys: an enquiry outlives its dealership.
     */
    brandId: integer('brand_id'),
    dealershipId: integer('dealership_id'),
    createdAt: stamps.createdAt,
  },
  // Each form's list pages newest first, and exports walk it in id order; a scoped list (and its
  // count) walks the same order within its brands or dealerships. A scoped dashboard counts its
  // owners' enquiries per day.
  (t) => [
    index('responses_handle_id_idx').on(t.handle, t.id),
    index('responses_handle_brand_id_idx').on(t.handle, t.brandId, t.id),
    index('responses_handle_dealership_id_idx').on(t.handle, t.dealershipId, t.id),
    index('responses_brand_created_idx').on(t.brandId, t.createdAt),
    index('responses_dealership_created_idx').on(t.dealershipId, t.createdAt),
  ],
);

/**
 * Enquiries per form and day, kept with every stored enquiry so totals and the dashboard read a
 * few hundred rows, never a million.
 */
export const responseDailyTotals = pgTable(
  'response_daily_totals',
  {
    handle: text('handle').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.handle, t.day] }), index('response_daily_totals_day_idx').on(t.day)],
);

/**
 * Enquiries per form and owner (brand and dealership as each enquiry stores them; both null: the
 * group), so a scoped user's count sums the few rows of their brands and dealerships instead of
 * counting their enquiries. Kept by triggers on `responses` (migration 0025), in the statement
 * that writes the enquiries, whichever statement that is: stored, removed or moved, the totals
 * follow.
 */
export const responseOwnerTotals = pgTable(
  'response_owner_totals',
  {
    handle: text('handle').notNull(),
    brandId: integer('brand_id'),
    dealershipId: integer('dealership_id'),
    total: integer('total').notNull().default(0),
  },
  (t) => [
    // One row per owner, the group's (both null) included.
    unique('response_owner_totals_owner_unique').on(t.handle, t.brandId, t.dealershipId).nullsNotDistinct(),
    index('response_owner_totals_dealership_idx').on(t.handle, t.dealershipId),
  ],
);

/** Enquiries a form sent by e-mail alone, before the console kept them: counted, never stored. */
export const responseEmailedTotals = pgTable('response_emailed_totals', {
  handle: text('handle').primaryKey(),
  total: integer('total').notNull().default(0),
});
