import { type ListShows, listShows } from '../list';
import type { TreeContext, TreeRow } from './types';

type Holder = { context: TreeContext };

export function rowOf({ context }: Holder, id: number): TreeRow | undefined {
  return context.data?.rows.find((row) => row.id === id);
}

/**
 * The rows as they show now: in the order being saved while a reorder is under way. A row sent
 * beyond the rows loaded leaves them (it shows again when its page loads).
 */
export function shownRows<T extends TreeRow = TreeRow>({ context }: Holder): T[] {
  const rows = (context.data?.rows ?? []) as T[];
  if (!context.placements) return rows;
  const placed = new Map(context.placements.map((p) => [p.index - 1, p.id]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const moved = new Set(context.placements.map((p) => p.id));
  const rest = rows.filter((row) => !moved.has(row.id));
  const out: T[] = [];
  let next = 0;
  for (let i = 0; i < rows.length; i++) {
    const id = placed.get(i);
    const row = id !== undefined ? byId.get(id) : rest[next++];
    if (row) out.push(row);
  }
  return out;
}

/** Whether rows are still to load after the ones shown. */
export const hasMore = ({ context }: Holder) =>
  context.data !== null && context.data.rows.length < context.data.total;

/** What the list shows (list.ts): loading, failed, empty or rows. */
export function treeShows(snapshot: Holder & { matches: (value: 'loadFailed') => boolean }): ListShows {
  return listShows({
    failed: snapshot.matches('loadFailed'),
    rows: snapshot.context.data?.rows ?? null,
    search: snapshot.context.search,
  });
}

/** Spec §2 and §4: deleting needs a row without children that is not locked. */
export const canDelete = (row: TreeRow | undefined) =>
  Boolean(row && row.total_children === 0 && !row.locked);
/** Locked pages show no move control. */
export const canMove = (row: TreeRow | undefined) => Boolean(row && !row.locked);

/** The words a call answered with ('The page has been moved.'), or none. */
export function messageOf(output: unknown): string {
  const message = (output as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : '';
}
