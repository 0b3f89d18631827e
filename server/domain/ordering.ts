import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MAX_SERIAL_ID } from '../db/errors';
import type { Db } from '../db/open';
import { invalid } from '../http/errors';
import { transaction } from './transaction';

/**
 * A list whose rows staff put in order by hand. Each scope (one value of `scope`, or the whole
 * table when there is none) is one list; its rows hold positions 1..n, unique and without gaps.
 * Rows with `deletedAt` set (the bin) are in no list and keep their last position for the bin tab.
 *
 * Every write to a list first takes that list's lock (a transaction-scoped advisory lock on the
 * list's name and scope), so writers of one list queue instead of interleaving, writers of
 * different lists never wait for each other, and no write reads or locks the rows it does not
 * change. A partial unique index on (scope, position) among listed rows backs the invariant.
 */
export interface OrderedList {
  /** Names the list's lock; one per table. */
  name: string;
  table: PgTable;
  id: PgColumn;
  position: PgColumn;
  /** Set on rows in the bin: they have left the list. */
  deletedAt?: PgColumn;
  /** The column whose value picks the list (a page's parent); none: the table is one list. */
  scope?: PgColumn;
  /** Which of the table's rows make up these lists, when not all do (the pages of one kind). */
  among?: SQL;
  /**
   * No unique index covers the positions (the page tree, where two lists share each scope's
   * top level): rows shifting by one are then written once, in one statement, not through
   * negative positions first.
   */
  shiftInPlace?: boolean;
  /** Request key and plural noun for the 422 a bad reorder gets (`brands`). */
  key: string;
  noun: string;
}

/** Which list of a scoped table: the scope column's value (null: the top level). */
export type Scope = number | null;

/** The scopes a table without a scope column has: just the one. */
const WHOLE_TABLE: Scope = null;

function listed(list: OrderedList): SQL | undefined {
  return list.deletedAt ? isNull(list.deletedAt) : undefined;
}

function inScope(list: OrderedList, scope: Scope): SQL | undefined {
  if (!list.scope) return undefined;
  return scope === null ? isNull(list.scope) : eq(list.scope, scope);
}

/** Rows of one list: its scope, out of the bin. */
export function inList(list: OrderedList, scope: Scope): SQL | undefined {
  return and(list.among, inScope(list, scope), listed(list));
}

/** How a list is shown: by position, which is unique within it (so its unique index serves the order). */
export function listOrder(list: OrderedList): SQL[] {
  return [asc(list.position)];
}

const positionColumn = (list: OrderedList) => sql.identifier(list.position.name);

/**
 * Takes the lock of each list, smallest scope first, so two writers that need the same lists
 * always queue in the same order and cannot deadlock. Held until the transaction ends.
 */
export async function lockLists(tx: Db, list: OrderedList, scopes: Scope[]): Promise<void> {
  const keys = [...new Set(scopes.map((scope) => scope ?? 0))].sort((a, b) => a - b);
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${list.name}), ${key}::int)`);
  }
}

/** The last position of a list, read from its index (one probe, however long the list). */
export async function lastPosition(tx: Db, list: OrderedList, scope: Scope): Promise<number> {
  const [row] = await tx
    .select({ position: list.position })
    .from(list.table)
    .where(inList(list, scope))
    .orderBy(desc(list.position))
    .limit(1);
  return (row?.position as number | undefined) ?? 0;
}

/**
 * Adds one row at the end of its list: `insert` gets the position to store and runs inside the
 * list's lock, so simultaneous additions take consecutive positions. Returns what `insert` returns.
 */
export function appendRow<T>(
  db: Db,
  list: OrderedList,
  scope: Scope,
  insert: (tx: Db, position: number) => Promise<T>,
): Promise<T> {
  return transaction(db, async (tx) => {
    await lockLists(tx, list, [scope]);
    return insert(tx, (await lastPosition(tx, list, scope)) + 1);
  });
}

type Placed = { id: number; scope: Scope; position: number };

/** Where the given rows are, whether listed or not. Ids beyond the column's range name no row. */
async function placesOf(tx: Db, list: OrderedList, ids: number[], where?: SQL): Promise<Placed[]> {
  const known = ids.filter((id) => id <= MAX_SERIAL_ID);
  if (known.length === 0) return [];
  const rows = await tx
    .select({
      id: list.id,
      position: list.position,
      ...(list.scope ? { scope: list.scope } : {}),
    })
    .from(list.table)
    .where(and(inArray(list.id, known), list.among, where))
    .orderBy(asc(list.id));
  return rows.map((row) => ({
    id: row.id as number,
    position: row.position as number,
    scope: ((row as { scope?: number | null }).scope ?? WHOLE_TABLE) as Scope,
  }));
}

/**
 * Locks the lists the rows are in. A row may change lists between the first read and the lock
 * (a page moved), so the places are read again under the locks until they agree.
 */
async function lockPlaces(tx: Db, list: OrderedList, ids: number[], where?: SQL): Promise<Placed[]> {
  let places = await placesOf(tx, list, ids, where);
  const locked = new Set<Scope>();
  for (;;) {
    const missing = [...new Set(places.map((p) => p.scope))].filter((scope) => !locked.has(scope));
    if (missing.length === 0) return places;
    // Locks taken one batch at a time can come out of order; only page moves cause a second batch.
    await lockLists(tx, list, missing);
    for (const scope of missing) locked.add(scope);
    places = await placesOf(tx, list, ids, where);
  }
}

/** Locks the lists the rows are in, whether listed or in the bin (see `lockPlaces`). */
export async function lockListsOf(tx: Db, list: OrderedList, ids: number[]): Promise<void> {
  await lockPlaces(tx, list, ids);
}

/**
 * Writes new positions through negative ones: the unique index checks each row as it is
 * written, so swapping two positions in place would clash halfway.
 */
async function writePositions(tx: Db, list: OrderedList, moves: { id: number; pos: number }[]) {
  if (moves.length === 0) return;
  const column = positionColumn(list);
  // One statement and one parameter, however many rows move.
  await tx.execute(sql`
    update ${list.table} set ${column} = -v.pos
    from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id int, pos int)
    where ${list.id} = v.id`);
  await tx.execute(sql`
    update ${list.table} set ${column} = -${list.position}
    where ${inArray(
      list.id,
      moves.map((m) => m.id),
    )}`);
}

/**
 * Saves a hand-made order: `ids` in their new order, all from one list. They may be the whole
 * list or one page of it; they take the places they held between them, so rows elsewhere stay
 * where they are. Only the given rows are read and locked, and only those that moved are written.
 */
export async function reorder(db: Db, list: OrderedList, ids: number[]): Promise<void> {
  if (new Set(ids).size !== ids.length) {
    throw invalid({ [list.key]: `List each of the ${list.noun} once.` });
  }
  await transaction(db, async (tx) => {
    const places = await lockPlaces(tx, list, ids, listed(list));
    if (places.length !== ids.length) {
      throw invalid({ [list.key]: `Some of the selected ${list.noun} do not exist.` });
    }
    if (new Set(places.map((p) => p.scope)).size > 1) {
      throw invalid({ [list.key]: `Choose ${list.noun} from one list.` });
    }
    const was = new Map(places.map((p) => [p.id, p.position]));
    const slots = places.map((p) => p.position).sort((a, b) => a - b);
    const moves = ids.map((id, i) => ({ id, pos: slots[i]! })).filter(({ id, pos }) => was.get(id) !== pos);
    await writePositions(tx, list, moves);
  });
}

/**
 * Takes rows out of their lists: `detach` moves them out (into the bin, or deletes them), then
 * the rows after them close up, so each list stays 1..n. Runs in the caller's transaction; the
 * rows' lists are locked first.
 */
export async function removeFromLists(
  tx: Db,
  list: OrderedList,
  ids: number[],
  detach: () => Promise<void>,
): Promise<void> {
  const places = await lockPlaces(tx, list, ids, listed(list));
  await detach();
  const byScope = new Map<Scope, number[]>();
  for (const place of places) byScope.set(place.scope, [...(byScope.get(place.scope) ?? []), place.position]);
  const column = positionColumn(list);
  for (const [scope, removed] of byScope) {
    const from = Math.min(...removed);
    // Each row after a gap moves up by the number of gaps before it; through negatives, as above.
    const closed = sql`(${list.position} - (
        select count(*) from unnest(${`{${removed.join(',')}}`}::int[]) as r(p) where r.p < ${list.position}
      ))`;
    const after = and(inList(list, scope), sql`${list.position} > ${from}`);
    if (list.shiftInPlace) {
      await tx.execute(sql`update ${list.table} set ${column} = ${closed} where ${after}`);
      continue;
    }
    await tx.execute(sql`update ${list.table} set ${column} = -${closed} where ${after}`);
    await tx.execute(sql`
      update ${list.table} set ${column} = -${list.position}
      where ${and(inList(list, scope), sql`${list.position} < 0`)}`);
  }
}

/**
 * Gives rows that are not in a list yet (binned rows about to be restored) the positions at the
 * end of the lists they will join, in the order they held before. Runs in the caller's
 * transaction, which then puts them back (clears `deletedAt`) while it still holds the locks.
 */
export async function placeAtEnd(tx: Db, list: OrderedList, ids: number[]): Promise<void> {
  // Rows already back in a list (a restore that ran at the same moment) keep their places.
  const places = await lockPlaces(tx, list, ids, list.deletedAt ? isNotNull(list.deletedAt) : undefined);
  const byScope = new Map<Scope, Placed[]>();
  for (const place of places) byScope.set(place.scope, [...(byScope.get(place.scope) ?? []), place]);
  for (const [scope, rows] of byScope) {
    const last = await lastPosition(tx, list, scope);
    const ordered = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
    // Rows outside the list are not in the unique index, so they can take their places directly.
    await tx.execute(sql`
      update ${list.table} set ${positionColumn(list)} = v.pos
      from jsonb_to_recordset(${JSON.stringify(ordered.map((row, i) => ({ id: row.id, pos: last + i + 1 })))}::jsonb)
        as v(id int, pos int)
      where ${list.id} = v.id`);
  }
}

/**
 * Moves rows to the end of another list of the same table (a page to a new parent), in the order
 * they held: their old lists close up behind them. Rows already in that list stay where they are.
 * Runs in the caller's transaction; every list involved is locked first, smallest scope first.
 */
export async function moveToList(tx: Db, list: OrderedList, ids: number[], target: Scope): Promise<void> {
  const scope = list.scope;
  if (!scope) throw new Error(`${list.name} is one list; there is nowhere to move its rows`);
  const seen = await placesOf(tx, list, ids, listed(list));
  await lockLists(tx, list, [target, ...seen.map((p) => p.scope)]);
  const places = await lockPlaces(tx, list, ids, listed(list));
  const moving = places
    .filter((p) => p.scope !== target)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  if (moving.length === 0) return;
  await removeFromLists(
    tx,
    list,
    moving.map((p) => p.id),
    async () => {
      const last = await lastPosition(tx, list, target);
      const moves = moving.map((p, i) => ({ id: p.id, pos: last + i + 1 }));
      // Scope and position change in one write, so the row is never in two lists or none.
      await tx.execute(sql`
        update ${list.table}
        set ${sql.identifier(scope.name)} = ${target}::int, ${positionColumn(list)} = v.pos
        from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id int, pos int)
        where ${list.id} = v.id`);
    },
  );
}

/** A row's new place in its list: 1-based. */
export interface Placement {
  id: number;
  position: number;
}

/** The list's ids in order once the placed rows take their positions and the others keep theirs around them. */
export function arrange(current: number[], placements: Placement[]): number[] {
  const slots: (number | undefined)[] = new Array(current.length);
  const placed = new Set<number>();
  for (const { id, position } of placements) {
    slots[position - 1] = id;
    placed.add(id);
  }
  const rest = current.filter((id) => !placed.has(id));
  let next = 0;
  for (let i = 0; i < slots.length; i++) {
    if (slots[i] === undefined) slots[i] = rest[next++];
  }
  return slots as number[];
}

/**
 * Puts rows of one list at the given positions (1..n, each its own); the other rows keep their
 * order around them. One row moving shifts only the rows between its two places, in one
 * statement; several read the list's ids and write only the rows whose position changes. Runs in
 * the caller's transaction, which should have locked the list (`lockLists`) before checking the
 * placements against it.
 */
export async function placeAt(
  tx: Db,
  list: OrderedList,
  scope: Scope,
  placements: Placement[],
): Promise<void> {
  await lockLists(tx, list, [scope]);
  const column = positionColumn(list);
  if (placements.length === 1) {
    const { id, position } = placements[0]!;
    const [row] = await tx
      .select({ position: list.position })
      .from(list.table)
      .where(and(eq(list.id, id), inList(list, scope)));
    const from = row?.position as number | undefined;
    if (from === undefined || from === position) return;
    const [low, high, step] = from < position ? [from + 1, position, -1] : [position, from - 1, 1];
    const placed = sql`(case when ${list.id} = ${id} then ${position}::int else ${list.position} + ${step}::int end)`;
    const between = and(
      inList(list, scope),
      sql`(${list.id} = ${id} or ${list.position} between ${low} and ${high})`,
    );
    if (list.shiftInPlace) {
      await tx.execute(sql`update ${list.table} set ${column} = ${placed} where ${between}`);
      return;
    }
    // Through negatives, as in writePositions, so a unique index on the position never clashes.
    await tx.execute(sql`update ${list.table} set ${column} = -${placed} where ${between}`);
    await tx.execute(sql`
      update ${list.table} set ${column} = -${list.position}
      where ${and(inList(list, scope), sql`${list.position} < 0`)}`);
    return;
  }
  const rows = await tx
    .select({ id: list.id, position: list.position })
    .from(list.table)
    .where(inList(list, scope))
    .orderBy(asc(list.position), asc(list.id));
  const next = arrange(
    rows.map((row) => row.id as number),
    placements,
  );
  const was = new Map(rows.map((row) => [row.id as number, row.position as number]));
  // Compared with the dense numbering, so an order that had drifted is repaired as well.
  await writePositions(
    tx,
    list,
    next.map((id, i) => ({ id, pos: i + 1 })).filter(({ id, pos }) => was.get(id) !== pos),
  );
}
