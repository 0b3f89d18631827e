import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/** One row per settings group key; `site` holds the site settings form (spec §3 Site settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: stamps.updatedAt,
});
