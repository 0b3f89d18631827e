/**
 * Which blocks of a long page the preview renders (design §7: a page of 1,000 blocks stays fast).
 * As the block list does (rowWindow.ts), the blocks near the preview's own view are rendered, with
 * the first, the last and the open block and its neighbours whatever the scroll; the blocks between
 * are stood in for by gaps of their measured (or estimated) height, so the page keeps its length and
 * the preview's scroll bar says where it is. Short pages render every block: the preview is also
 * where a page is read through. Pure: usePreviewWindow.ts feeds it.
 */
import { rowOffsets, type Stretch, stretches, visibleRange, WINDOW_FROM_BLOCKS } from '../builder/rowWindow';

/** A block as the site lays it out, with the space after it, before it is measured. */
export const ESTIMATED_BLOCK_PX = 320;

/** The part of the page the preview shows, from the top of the first block. */
export interface PreviewView {
  top: number;
  bottom: number;
}

/** Where each block starts, from the top of the first, and (last) the blocks' whole height. */
export const previewOffsets = (keys: readonly number[], heightOf: (key: number) => number | undefined) =>
  rowOffsets(keys, heightOf, ESTIMATED_BLOCK_PX);

/** The blocks that overlap the view, widened by the overscan; null for none. */
export const previewRange = (offsets: readonly number[], view: PreviewView) =>
  visibleRange(offsets, view.top, view.bottom);

/**
 * The page as rendered blocks and gaps: the blocks near the view, the ends and each pinned position
 * (the open block) with its neighbours. Null when every block is rendered (a short page).
 */
export function previewStretches(
  offsets: readonly number[],
  view: PreviewView,
  pinned: readonly number[],
): Stretch[] | null {
  if (offsets.length - 1 <= WINDOW_FROM_BLOCKS) return null;
  return stretches(offsets, previewRange(offsets, view), pinned);
}
