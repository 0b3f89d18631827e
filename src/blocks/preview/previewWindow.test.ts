import { describe, expect, it } from 'vitest';
import { WINDOW_FROM_BLOCKS } from '../builder/rowWindow';
import { ESTIMATED_BLOCK_PX, previewOffsets, previewStretches } from './previewWindow';

const keys = (count: number) => Array.from({ length: count }, (_, i) => i);
/** How many blocks the stretches render. */
const rendered = (shown: ReturnType<typeof previewStretches>) =>
  (shown ?? []).reduce((sum, s) => sum + (s.kind === 'rows' ? s.last - s.first + 1 : 0), 0);
/** The page's whole height as rendered: blocks by their heights, gaps by theirs. */
const pageHeight = (shown: ReturnType<typeof previewStretches>, height: number) =>
  (shown ?? []).reduce((sum, s) => sum + (s.kind === 'rows' ? (s.last - s.first + 1) * height : s.height), 0);

describe('the preview window', () => {
  it('renders every block of a short page, the preview being where a page is read through', () => {
    const offsets = previewOffsets(keys(WINDOW_FROM_BLOCKS), () => 400);
    expect(previewStretches(offsets, { top: 0, bottom: 800 }, [])).toBeNull();
  });

  it('renders on a long page only the blocks near the view, the ends and the open block, keeping the page’s height', () => {
    const offsets = previewOffsets(keys(1000), () => 400);
    const top = previewStretches(offsets, { top: 0, bottom: 900 }, []);
    expect(top?.[0]).toEqual({ kind: 'rows', first: 0, last: 3 });
    expect(top?.at(-1)).toEqual({ kind: 'rows', first: 999, last: 999 });
    expect(rendered(top)).toBeLessThan(10);
    expect(pageHeight(top, 400)).toBe(400_000);

    // Scrolled half way, a block open far above: the view's blocks and the open one with its neighbours.
    const middle = previewStretches(offsets, { top: 200_000, bottom: 200_900 }, [100]);
    expect(middle).toContainEqual({ kind: 'rows', first: 99, last: 101 });
    expect(middle).toContainEqual({ kind: 'rows', first: 498, last: 503 });
    expect(rendered(middle)).toBeLessThan(15);
    expect(pageHeight(middle, 400)).toBe(400_000);

    // Scrolled to the end: the last blocks.
    const end = previewStretches(offsets, { top: 399_100, bottom: 400_000 }, []);
    expect(end?.at(-1)).toEqual({ kind: 'rows', first: 996, last: 999 });
  });

  it('places blocks not yet measured at the measured average, or the estimate while none is', () => {
    expect(previewOffsets(keys(2), () => undefined)).toEqual([0, ESTIMATED_BLOCK_PX, 2 * ESTIMATED_BLOCK_PX]);
    const heights = new Map([
      [0, 100],
      [1, 300],
    ]);
    expect(previewOffsets(keys(3), (key) => heights.get(key))).toEqual([0, 100, 400, 600]);
  });
});
