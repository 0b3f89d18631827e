import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Page views and distinct visitors per day, from the website's cookie-less collect call. */
export const analyticsDaily = pgTable('analytics_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
});

/**
 * Who was seen on a day, as a salted hash that changes every day: enough to count a visitor
 * once a day, never enough to follow one from day to day. Old days can be deleted freely.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * How many visitors each address has added on a day, under the address's salted hash: the
 * collect call counts a few per address and day at most, whatever browser strings it sends.
 */
export const analyticsAddresses = pgTable(
  'analytics_addresses',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * The random salt of the visitor hashes of one day, shared by every API process. Only today's is
 * kept: once a day is over its salt is deleted, and its hashes can no longer be matched to anyone.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
