import { describe, expect, it } from 'vitest';
import { ESTIMATED_ROW_PX, rowOffsets, stretches, visibleRange } from './rowWindow';

const keys = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('the block list window', () => {
  it('places rows by their measured heights and the rest at the measured average', () => {
    const heights = new Map([
      [0, 50],
      [2, 70],
    ]);
    expect(rowOffsets(keys(4), (key) => heights.get(key))).toEqual([0, 50, 110, 180, 240]);
    expect(rowOffsets(keys(2), () => undefined)).toEqual([0, ESTIMATED_ROW_PX, 2 * ESTIMATED_ROW_PX]);
    expect(rowOffsets([], () => undefined)).toEqual([0]);
  });

  it('mounts the rows that overlap the view, widened by the overscan, and none of an empty list', () => {
    const offsets = rowOffsets(keys(1000), () => 50);
    expect(visibleRange(offsets, 0, 500, 0)).toEqual({ first: 0, last: 10 });
    expect(visibleRange(offsets, 5000, 5400, 100)).toEqual({ first: 98, last: 110 });
    expect(visibleRange(offsets, 49_800, 50_600, 100)).toEqual({ first: 994, last: 999 });
    // Scrolled past the end (a shrinking list): the last row still counts.
    expect(visibleRange(offsets, 90_000, 91_000, 0)).toEqual({ first: 999, last: 999 });
    expect(visibleRange([0], 0, 500)).toBeNull();
  });

  it('keeps the ends and each pinned row with its neighbours, and stands gaps of their height in for the rest', () => {
    const offsets = rowOffsets(keys(1000), () => 50);
    expect(stretches(offsets, { first: 0, last: 9 }, [500])).toEqual([
      { kind: 'rows', first: 0, last: 9 },
      { kind: 'gap', first: 10, last: 498, height: 489 * 50 },
      { kind: 'rows', first: 499, last: 501 },
      { kind: 'gap', first: 502, last: 998, height: 497 * 50 },
      { kind: 'rows', first: 999, last: 999 },
    ]);
    // Positions out of the list (a key no longer there) are ignored; neighbours join their stretch.
    expect(stretches(offsets, { first: 995, last: 999 }, [-1, 1000, 1.5, 1])).toEqual([
      { kind: 'rows', first: 0, last: 2 },
      { kind: 'gap', first: 3, last: 994, height: 992 * 50 },
      { kind: 'rows', first: 995, last: 999 },
    ]);
    expect(
      stretches(
        rowOffsets(keys(1), () => 50),
        null,
        [],
      ),
    ).toEqual([{ kind: 'rows', first: 0, last: 0 }]);
    expect(stretches([0], null, [0])).toEqual([]);
  });
});
