/**
 * Which blocks of a long page are in the document (design §7: a page of 1,000 blocks stays fast).
 * Rows near the visible part of the list are mounted, with a few that must stay whatever the
 * scroll (the first and the last, so Tab reaches both ends; the open block; the focused one and its
 * neighbours, so Tab and Shift+Tab go on to the next block); the rows between are stood in for by
 * gaps of their measured (or estimated) height. Pure: the hook in useRowWindow.ts feeds it.
 */

/** Pages up to this many blocks list every block: windowing only pays on long pages. */
export const WINDOW_FROM_BLOCKS = 60;
/** A row's height with its margin before it is measured: a closed row on a wide screen. */
export const ESTIMATED_ROW_PX = 60;
/** How far past the visible part of the list rows stay mounted, each way. */
export const OVERSCAN_PX = 600;

/** Where each row starts in the list, and (last) the list's whole height; `estimate` counts for rows while none is measured. */
export function rowOffsets(
  keys: readonly number[],
  heightOf: (key: number) => number | undefined,
  estimate = ESTIMATED_ROW_PX,
): number[] {
  const offsets = new Array<number>(keys.length + 1);
  offsets[0] = 0;
  let measured = 0;
  let total = 0;
  for (const key of keys) {
    const height = heightOf(key);
    if (height !== undefined) {
      measured++;
      total += height;
    }
  }
  // Rows not measured yet are taken to be as high as the measured ones are on average.
  const unmeasured = measured > 0 ? total / measured : estimate;
  for (let at = 0; at < keys.length; at++)
    offsets[at + 1] = (offsets[at] as number) + (heightOf(keys[at] as number) ?? unmeasured);
  return offsets;
}

/** The first row whose end is below `y` (binary search over the offsets). */
function firstEndingBelow(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((offsets[mid + 1] as number) > y) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The rows (first and last index, inclusive) that overlap the band from `top` to `bottom` of the
 * list, widened by the overscan; an empty list has none.
 */
export function visibleRange(
  offsets: readonly number[],
  top: number,
  bottom: number,
  overscan = OVERSCAN_PX,
): { first: number; last: number } | null {
  const count = offsets.length - 1;
  if (count <= 0) return null;
  const first = Math.min(count - 1, firstEndingBelow(offsets, top - overscan));
  const last = Math.max(first, Math.min(count - 1, firstEndingBelow(offsets, bottom + overscan)));
  return { first, last };
}

/** One stretch of the list: mounted rows from `first` to `last`, or a gap of that height standing in for them. */
export type Stretch =
  | { kind: 'rows'; first: number; last: number }
  | { kind: 'gap'; first: number; last: number; height: number };

/**
 * The list as mounted rows and gaps: the rows in `range`, the ends, and every pinned position with
 * its neighbours (positions out of the list are ignored).
 */
export function stretches(
  offsets: readonly number[],
  range: { first: number; last: number } | null,
  pinned: readonly number[],
): Stretch[] {
  const count = offsets.length - 1;
  if (count <= 0) return [];
  const mounted = new Set<number>([0, count - 1]);
  if (range) for (let at = range.first; at <= range.last; at++) mounted.add(at);
  for (const at of pinned) {
    if (!Number.isInteger(at) || at < 0 || at >= count) continue;
    for (const near of [at - 1, at, at + 1]) if (near >= 0 && near < count) mounted.add(near);
  }
  const sorted = [...mounted].sort((a, b) => a - b);
  const out: Stretch[] = [];
  let start = sorted[0] as number;
  let end = start;
  const closeRows = () => out.push({ kind: 'rows', first: start, last: end });
  for (const at of sorted.slice(1)) {
    if (at === end + 1) {
      end = at;
      continue;
    }
    closeRows();
    out.push({
      kind: 'gap',
      first: end + 1,
      last: at - 1,
      height: (offsets[at] as number) - (offsets[end + 1] as number),
    });
    start = at;
    end = at;
  }
  closeRows();
  return out;
}
