import { and, asc, desc, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ActivityArea } from '@/api/contract/activity';
import { isHistoryArea } from '@/api/contract/history';
import { type Scope as AccessScope, wholeGroup } from '@/shared/access';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import type { MediaUseArea } from '../db/schema/media';
import { invalid } from '../http/errors';
import { inScope, type OwnerColumns } from './access/scope';
import { recordChange, recordRevision } from './history/record';
import { removeHistory } from './history/retention';
import { clearMediaUses } from './media/uses';
import {
  lockListsOf,
  type OrderedList,
  listOrder as orderedListOrder,
  placeAtEnd,
  removeFromLists,
} from './ordering';
import { transaction } from './transaction';

/** A table with the soft-delete lifecycle: active, bin (deleted_at set), deleted forever. */
export interface LifecycleTable {
  table: PgTable;
  id: PgColumn;
  deletedAt: PgColumn;
  updatedAt: PgColumn;
  /** The request key that holds the ids (`users`, `brands`, `dealerships`). */
  key: string;
  /** Plural noun for messages. */
  noun: string;
  /** Where staff order the rows by hand (brands, dealerships); lists then follow it. */
  order?: OrderedList;
  /** The area the activity log files these changes under; the row's name names them there. */
  activity: { area: ActivityArea; name: PgColumn };
  /**
   * Where a row belongs, for scoped users' lists and bins; an area without it is not scoped here
   * (users: their own rules).
   */
  owner?: OwnerColumns;
  /** The area its rows' library images are recorded under: a row deleted for good forgets them. */
  mediaUses?: MediaUseArea;
}

/** The scope condition on a lifecycle table's rows; none for a group-wide user or an unowned area. */
export function scopeOn(t: LifecycleTable, scope: AccessScope): SQL | undefined {
  return t.owner ? inScope(scope, t.owner) : undefined;
}

/** Whether the area keeps revisions of its rows (users do not). */
const keepsRevisions = isHistoryArea;

/** The names of the rows a change touches, read before it. */
async function namesOf(tx: Db, t: LifecycleTable, ids: number[]): Promise<Map<number, string>> {
  const rows = await tx.select({ id: t.id, name: t.activity.name }).from(t.table).where(inArray(t.id, ids));
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
}

/**
 * How lists show rows: in the hand-made order where there is one, else newest first. Binned rows
 * keep the positions they last had, which can repeat, so the bin breaks ties by id.
 */
export function listOrder(t: LifecycleTable, trashed = false): SQL[] {
  if (!t.order) return [desc(t.id)];
  return trashed ? [asc(t.order.position), asc(t.id)] : orderedListOrder(t.order);
}

/** The condition for one tab of a list: the active rows or the bin. */
export function inView(t: LifecycleTable, trashed: boolean): SQL {
  return trashed ? isNotNull(t.deletedAt) : isNull(t.deletedAt);
}

/**
 * Every id names a row in the view it came from and in the user's scope; otherwise a 422 that
 * says some do not exist (a row out of scope reads as one that is not there).
 */
export async function requireAll(
  db: Db,
  t: LifecycleTable,
  ids: number[],
  inBin: boolean,
  scope: AccessScope = wholeGroup,
): Promise<void> {
  await checkAll(db, t, ids, inBin, scope, false);
}

/**
 * As `requireAll`, and locks the rows until the transaction ends, so a bin, restore or delete
 * forever of the same rows waits for this one and then finds them as it left them. The rows are
 * locked in id order, so two calls over the same rows queue instead of deadlocking; a row that
 * another call changed or deleted meanwhile is checked as it now is. Returns the distinct ids.
 */
async function lockAll(
  tx: Db,
  t: LifecycleTable,
  ids: number[],
  inBin: boolean,
  scope: AccessScope,
): Promise<number[]> {
  // The lists come before the rows, as every write to a hand-ordered list takes them.
  if (t.order) await lockListsOf(tx, t.order, ids);
  return checkAll(tx, t, ids, inBin, scope, true);
}

async function checkAll(
  q: Db,
  t: LifecycleTable,
  ids: number[],
  inBin: boolean,
  scope: AccessScope,
  lock: boolean,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  const read = () => {
    const rows = q
      .select({ id: t.id })
      .from(t.table)
      .where(and(inArray(t.id, unique), inView(t, inBin), scopeOn(t, scope)))
      .orderBy(asc(t.id));
    return lock ? rows.for('update') : rows;
  };
  // An id beyond the column's range names no row; PostgreSQL would refuse the query itself.
  const rows = unique.some((id) => id > MAX_SERIAL_ID) ? [] : await read();
  if (rows.length !== unique.length) {
    throw invalid({
      [t.key]: inBin
        ? `Some of the selected ${t.noun} are not in the bin.`
        : `Some of the selected ${t.noun} do not exist.`,
    });
  }
  return unique;
}

/**
 * An area's own rules about a bin call, run in its transaction: `before` the rows change (ids the
 * caller may not reach, a role still held), `after` they have (the group keeps an administrator).
 * Each throws to refuse, and the transaction then changes nothing.
 */
export interface BinRules {
  before?: (tx: Db, ids: number[]) => Promise<void>;
  after?: (tx: Db, ids: number[]) => Promise<void>;
}

/**
 * Deleting from the All view moves rows to the bin; from the Bin it deletes them forever.
 * All or nothing: one transaction, and every id must be in the view it came from. The rows are
 * locked first, so of two calls over the same rows the second answers as if it came after the
 * first (a 422: not in the bin, do not exist) and each real change is logged once.
 */
export async function deleteRows(
  db: Db,
  t: LifecycleTable,
  ids: number[],
  type: 'all' | 'trashed',
  scope: AccessScope = wholeGroup,
  rules: BinRules = {},
): Promise<number> {
  return transaction(db, async (tx) => {
    await rules.before?.(tx, ids);
    const unique = await lockAll(tx, t, ids, type === 'trashed', scope);
    const names = await namesOf(tx, t, unique);
    const { area } = t.activity;
    for (const id of unique) {
      const action = type === 'trashed' ? 'deleted_forever' : 'deleted';
      await recordChange(tx, { area, action, record: { id, name: names.get(id) ?? '' } });
    }
    if (type === 'trashed') {
      await tx.delete(t.table).where(and(inArray(t.id, ids), isNotNull(t.deletedAt)));
      if (keepsRevisions(area)) await removeHistory(tx, area, unique.map(String));
      if (t.mediaUses) await clearMediaUses(tx, t.mediaUses, unique);
      await rules.after?.(tx, unique);
      return unique.length;
    }
    const bin = () =>
      tx
        .update(t.table)
        .set({ deletedAt: sql`now()` })
        .where(and(inArray(t.id, ids), isNull(t.deletedAt)))
        .then(() => undefined);
    await (t.order ? removeFromLists(tx, t.order, ids, bin) : bin());
    await rules.after?.(tx, unique);
    return unique.length;
  });
}

/**
 * Restores rows from the bin; in a hand-ordered list they go to the end, in the order they had.
 * Locked as a delete is: a row deleted forever meanwhile gets the 422 of one not in the bin.
 */
export async function restoreRows(
  db: Db,
  t: LifecycleTable,
  ids: number[],
  scope: AccessScope = wholeGroup,
  rules: Pick<BinRules, 'before'> = {},
): Promise<number> {
  return transaction(db, async (tx) => {
    await rules.before?.(tx, ids);
    const unique = await lockAll(tx, t, ids, true, scope);
    if (t.order) await placeAtEnd(tx, t.order, ids);
    await tx
      .update(t.table)
      .set({ deletedAt: null, updatedAt: sql`now()` })
      .where(and(inArray(t.id, ids), isNotNull(t.deletedAt)));
    const { area } = t.activity;
    if (keepsRevisions(area)) {
      for (const id of unique) await recordRevision(tx, area, 'restored', id);
    } else {
      const names = await namesOf(tx, t, unique);
      for (const id of unique) {
        await recordChange(tx, { area, action: 'restored', record: { id, name: names.get(id) ?? '' } });
      }
    }
    return unique.length;
  });
}
