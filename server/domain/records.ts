import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { constraintOf, databaseErrorCode, UNIQUE_VIOLATION } from '../db/errors';
import type { Db } from '../db/open';
import { HttpError, invalid, notFound } from '../http/errors';
import { appendRow, type OrderedList, type Scope } from './ordering';
import { retrying } from './transaction';

/** A table whose rows an editor loads and saves back: `updated_at` is the version. */
export interface RecordTable {
  table: PgTable;
  id: PgColumn;
  updatedAt: PgColumn;
}

/** What the API says when a save cannot be made, in the area's own words. */
export interface RecordMessages {
  notFound: string;
  /** The record changed since the editor loaded it (409). */
  conflict: string;
  /**
   * A write the database refused for a reason the client can fix (a unique slug taken at the
   * same moment, a chosen record deleted meanwhile), as the same 422 the checks give; null
   * when the failure is not the client's.
   */
  refused?: (error: unknown) => HttpError | null;
}

/**
 * Maps a violation of the unique index `index` to a 422 on the field it guards. Other unique
 * indexes (a list's positions) are not the client's doing and stay errors.
 */
export function uniqueField(
  index: string,
  field: string,
  message: string,
): (error: unknown) => HttpError | null {
  return (error) =>
    databaseErrorCode(error) === UNIQUE_VIOLATION && constraintOf(error) === index
      ? invalid({ [field]: message })
      : null;
}

function refusal(messages: Pick<RecordMessages, 'refused'>, error: unknown): unknown {
  return messages.refused?.(error) ?? error;
}

/**
 * Adds a record; in a hand-ordered list it goes last. Returns the new id and the version the
 * editor then holds. `values` are the table's columns (its TypeScript keys).
 */
export async function createRecord(
  db: Db,
  t: RecordTable,
  values: Record<string, unknown>,
  messages: Pick<RecordMessages, 'refused'>,
  order?: { list: OrderedList; scope: Scope },
): Promise<SavedVersion> {
  const insert = async (tx: Db, extra: Record<string, unknown>) => {
    // A generic table's insert type is unknown here; the caller's values are its own columns.
    const [row] = await tx
      .insert(t.table)
      .values({ ...values, ...extra } as never)
      .returning({ id: t.id, updatedAt: t.updatedAt });
    return row as SavedVersion;
  };
  try {
    // In a transaction of its own, or a savepoint when the caller holds one: a deadlock then undoes
    // only the insert, which can run again, and never leaves the caller's transaction aborted.
    if (!order) return await retrying(() => db.transaction((tx) => insert(tx as unknown as Db, {})));
    const key = columnKey(t.table, order.list.position);
    return await appendRow(db, order.list, order.scope, (tx, position) => insert(tx, { [key]: position }));
  } catch (error) {
    throw refusal(messages, error);
  }
}

/** The TypeScript key of a table's column, as inserts and updates name it. */
function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not on this table`);
  return entry[0];
}

export interface VersionedSave<Row extends { updatedAt: Date }, Key extends number | string = number> {
  id: Key;
  /** The `updated_at` the editor loaded; without it the save is unconditional. */
  loadedAt: string | undefined;
  /** The stored row, or null when there is none. */
  find: (id: Key) => Promise<Row | null>;
  /** Rules the schema cannot know (unique fields, chosen records that exist); throws a 422 or 403. */
  check?: (current: Row) => Promise<void> | void;
  /** The columns to write, from the form and the stored row (a kept publish date, a new hash). */
  values: (current: Row) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** What follows a save that landed (ending sessions, a notice), given the row as it was before. */
  saved?: (before: Row) => Promise<void>;
  messages: RecordMessages;
  /**
   * `db` is a transaction the caller holds: a deadlock then aborts the whole of it, which the
   * caller runs again, so the update is not retried on its own here.
   */
  inTransaction?: boolean;
}

/** A save that landed: the record and the `updated_at` it now has (the editor's next version). */
export interface SavedVersion<Key extends number | string = number> {
  id: Key;
  updatedAt: Date;
}

/**
 * Saves an edited record, the one way every editor's save is made: a stale `updated_at` gets 409
 * before any check runs, and again in the write itself (the update only matches the version the
 * editor loaded), so of two saves from the same loaded version exactly one lands.
 */
export async function saveVersioned<Row extends { updatedAt: Date }, Key extends number | string = number>(
  db: Db,
  t: RecordTable,
  save: VersionedSave<Row, Key>,
): Promise<SavedVersion<Key>> {
  const { messages } = save;
  const current = await save.find(save.id);
  if (!current) throw notFound(messages.notFound);
  const conflict = () => new HttpError(409, messages.conflict);
  if (save.loadedAt && new Date(save.loadedAt).getTime() !== current.updatedAt.getTime()) throw conflict();
  await save.check?.(current);
  const values = await save.values(current);
  try {
    // A single statement: a deadlock victim can run it again as it is.
    const update = () =>
      db
        .update(t.table)
        .set({ ...values, [columnKey(t.table, t.updatedAt)]: new Date() } as never)
        .where(and(eq(t.id, save.id), save.loadedAt ? eq(t.updatedAt, current.updatedAt) : undefined))
        .returning({ id: t.id, updatedAt: t.updatedAt });
    const rows = await (save.inTransaction ? update() : retrying(update));
    const row = rows[0] as SavedVersion<Key> | undefined;
    if (!row) throw save.loadedAt ? conflict() : notFound(messages.notFound);
    await save.saved?.(current);
    return row;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refusal(messages, error);
  }
}
