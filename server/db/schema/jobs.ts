import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { users } from './users';

export type ExportKind = 'vehicles' | 'responses';
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * A background export: what was asked, how far it got and whether its mail went. The queue
 * carries only the id, so a retried job resumes from what is stored here.
 */
export const exports = pgTable(
  'exports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ExportKind>().notNull(),
    email: text('email').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    attempts: integer('attempts').notNull().default(0),
    /** Set by the one run that may send the mail; a stale claim (its process died) can be taken over. */
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [index('exports_created_idx').on(t.createdAt)],
);

export type ImportKind = 'page' | 'form';
export type ImportStatus = 'queued' | 'running' | 'done' | 'rejected' | 'failed';
/** A row of an imported sheet that was refused, and why (spreadsheet row number and column header). */
export interface ImportRejection {
  row: number;
  column: string;
  reason: string;
}

/**
 * A spreadsheet import: what was uploaded, how far its job got, what it created or refused, and
 * whether its confirmation mail went. `appliedAt` is set in the transaction that creates the
 * records, so a run after a crash knows whether they exist.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ImportKind>().notNull(),
    provider: text('provider').notNull(),
    email: text('email').notNull(),
    /** The upload on disk, under the data directory's imports folder. */
    file: text('file').notNull(),
    filename: text('filename').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    created: integer('created').notNull().default(0),
    rejected: jsonb('rejected').$type<ImportRejection[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date', precision: 3 }),
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [index('imports_kind_created_idx').on(t.kind, t.createdAt)],
);
