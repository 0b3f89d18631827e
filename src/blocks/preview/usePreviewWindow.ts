import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Stretch } from '../builder/rowWindow';
import { WINDOW_FROM_BLOCKS } from '../builder/rowWindow';
import { type PreviewView, previewOffsets, previewRange, previewStretches } from './previewWindow';

/** A block's height in the frame with the space the site leaves after it (its margin collapses out of the box). */
function blockHeight(element: HTMLElement, frame: Window, box: number): number {
  const shown = element.firstElementChild;
  const margin = shown ? Number.parseFloat(frame.getComputedStyle(shown).marginBlockEnd) || 0 : 0;
  return box + margin;
}

/**
 * Windowing of the preview on long pages (previewWindow.ts says which blocks are rendered): follows
 * the frame's scroll and size, measures the blocks it renders, and keeps the open block rendered.
 * `first` is given to the first block's element, the origin of the blocks' coordinates (always
 * rendered). Null while every block is rendered.
 */
export function usePreviewWindow(
  keys: readonly number[],
  editing: number | null,
  first: RefObject<HTMLElement | null>,
): Stretch[] | null {
  const windowed = keys.length > WINDOW_FROM_BLOCKS;
  const heights = useRef(new Map<number, number>());
  const [measuredVersion, setMeasuredVersion] = useState(0);
  const [view, setView] = useState<PreviewView>({ top: 0, bottom: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new measurement makes the offsets anew
  const offsets = useMemo(
    () => (windowed ? previewOffsets(keys, (key) => heights.current.get(key)) : []),
    [keys, windowed, measuredVersion],
  );
  const range = windowed ? previewRange(offsets, view) : null;
  const latest = useRef({ offsets, range });
  latest.current = { offsets, range };
  // Whether the view was at the page's end: it stays there as measured blocks change the page's length.
  const atEnd = useRef(false);

  // Follows the frame's scroll and size: the view is kept only when it brings other blocks into range.
  useEffect(() => {
    const frame = first.current?.ownerDocument.defaultView;
    if (!windowed || !frame) return;
    let width = frame.innerWidth;
    const update = () => {
      const start = first.current;
      if (!start) return;
      if (frame.innerWidth !== width) {
        // Another device width lays every block out anew: what was measured no longer holds.
        width = frame.innerWidth;
        heights.current.clear();
        setMeasuredVersion((version) => version + 1);
      }
      const page = frame.document.documentElement;
      atEnd.current = frame.scrollY > 0 && frame.scrollY + frame.innerHeight >= page.scrollHeight - 2;
      const top = -start.getBoundingClientRect().top;
      const next = { top, bottom: top + frame.innerHeight };
      const now = latest.current;
      const nextRange = previewRange(now.offsets, next);
      if (nextRange?.first !== now.range?.first || nextRange?.last !== now.range?.last) setView(next);
    };
    update();
    frame.addEventListener('scroll', update, { passive: true });
    frame.addEventListener('resize', update);
    return () => {
      frame.removeEventListener('scroll', update);
      frame.removeEventListener('resize', update);
    };
  }, [windowed, first]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's length changes with the offsets
  useLayoutEffect(() => {
    const page = first.current?.ownerDocument.documentElement;
    if (atEnd.current && page) page.scrollTop = page.scrollHeight;
  }, [offsets, first]);

  // Measures each rendered block as it appears and whenever it resizes, with the frame's own observer.
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());
  const observeBlocks = useCallback(() => {
    const watcher = observer.current;
    const page = first.current?.parentElement;
    if (!watcher || !page) return;
    for (const block of observed.current)
      if (!block.isConnected) {
        watcher.unobserve(block);
        observed.current.delete(block);
      }
    for (const block of page.querySelectorAll(':scope > [data-preview-key]'))
      if (!observed.current.has(block)) {
        watcher.observe(block);
        observed.current.add(block);
      }
  }, [first]);
  useEffect(() => {
    const frame = first.current?.ownerDocument.defaultView as (Window & typeof globalThis) | null | undefined;
    if (!windowed || !frame || typeof frame.ResizeObserver === 'undefined') return;
    const watcher = new frame.ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const block = entry.target as HTMLElement;
        const key = Number(block.dataset.previewKey);
        if (!block.isConnected || Number.isNaN(key)) continue;
        const box = entry.borderBoxSize[0]?.blockSize ?? block.getBoundingClientRect().height;
        const height = blockHeight(block, frame, box);
        if (Math.abs((heights.current.get(key) ?? -1) - height) > 0.5) {
          heights.current.set(key, height);
          changed = true;
        }
      }
      if (changed) setMeasuredVersion((version) => version + 1);
    });
    observer.current = watcher;
    observeBlocks();
    const seen = observed.current;
    return () => {
      watcher.disconnect();
      observer.current = null;
      seen.clear();
    };
  }, [windowed, first, observeBlocks]);
  useLayoutEffect(observeBlocks);

  return windowed ? previewStretches(offsets, view, [editing ?? -1]) : null;
}
