import {
  type FocusEvent,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { rowOffsets, type Stretch, stretches, visibleRange, WINDOW_FROM_BLOCKS } from './rowWindow';

/** Asks the block list to move focus to the block at a position (see focusBlockAt). */
export const FOCUS_BLOCK_EVENT = 'builder-focus-block';

/** The list of blocks of the builder on the screen. */
export const blockList = (): HTMLOListElement | null =>
  document.querySelector<HTMLOListElement>('ol[aria-label="Blocks"]');

/**
 * Moves focus to the block at `at` (its Edit button), scrolling it into view: on a long page the
 * block may not be in the document until the list is asked for it. Past the end: the list's heading.
 */
export function focusBlockAt(at: number, list: Element | null = blockList()): void {
  list?.dispatchEvent(new CustomEvent<{ at: number }>(FOCUS_BLOCK_EVENT, { detail: { at } }));
}

/** The element whose scrolling moves the list: its nearest scrolling ancestor, or the window. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** The part of the list that can be seen, in the list's own coordinates. */
function visibleBand(list: HTMLElement, scroller: HTMLElement | null): { top: number; bottom: number } {
  const listTop = list.getBoundingClientRect().top;
  const view = scroller?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight };
  const bottom = Math.min(view.bottom, window.innerHeight);
  return { top: Math.max(view.top, 0) - listTop, bottom: bottom - listTop };
}

const keyOf = (element: Element | null): number | null => {
  const row = element?.closest<HTMLElement>('li[data-key]');
  return row ? Number(row.dataset.key) : null;
};

/** Focus on a row's Edit button, or (while it is disabled) on its first control that takes focus. */
function focusRow(row: HTMLElement): void {
  // Optional: a document without layout (jsdom) has no scrolling.
  row.scrollIntoView?.({ block: 'nearest' });
  const target =
    row.querySelector<HTMLElement>('button[aria-label^="Edit "]:not(:disabled)') ??
    row.querySelector<HTMLElement>('button:not(:disabled)');
  target?.focus();
}

export interface RowWindowInput {
  list: RefObject<HTMLOListElement | null>;
  /** The machine's keys of the blocks, in order. */
  keys: readonly number[];
  /** The open block's position. */
  editing: number | null;
  /** Where focus goes when there is no block to focus (the list's heading). */
  fallback: RefObject<HTMLElement | null>;
}

export interface RowWindow {
  /** The list as rows and gaps; null when every row is listed (a short page). */
  stretches: Stretch[] | null;
  /** For the list element: follows which block has focus. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Windowing of the block list on long pages (rowWindow.ts says which rows are mounted): follows the
 * scroll, measures the rows it mounts, keeps the focused (so the dragged) and open blocks mounted, and
 * answers focusBlockAt.
 */
export function useRowWindow({ list, keys, editing, fallback }: RowWindowInput): RowWindow {
  const windowed = keys.length > WINDOW_FROM_BLOCKS;
  const heights = useRef(new Map<number, number>());
  const [measuredVersion, setMeasuredVersion] = useState(0);
  const [band, setBand] = useState<{ top: number; bottom: number } | null>(null);
  const [focusKey, setFocusKey] = useState<number | null>(null);
  // A position, read once the change that asked for it (a removal) is rendered.
  const [requested, setRequested] = useState<{ at: number } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new measurement makes the offsets anew
  const offsets = useMemo(
    () => (windowed ? rowOffsets(keys, (key) => heights.current.get(key)) : []),
    [keys, windowed, measuredVersion],
  );
  const range = windowed
    ? visibleRange(
        offsets,
        band?.top ?? 0,
        band?.bottom ?? (typeof window === 'undefined' ? 0 : window.innerHeight),
      )
    : null;
  const latest = useRef({ offsets, range });
  latest.current = { offsets, range };

  // Follows the scroll: the band is kept only when it brings other rows into range.
  useEffect(() => {
    const element = list.current;
    if (!windowed || !element) return;
    const scroller = scrollParent(element);
    const update = () => {
      const next = visibleBand(element, scroller);
      const now = latest.current;
      const nextRange = visibleRange(now.offsets, next.top, next.bottom);
      if (nextRange?.first !== now.range?.first || nextRange?.last !== now.range?.last) setBand(next);
    };
    update();
    const target: HTMLElement | Window = scroller ?? window;
    target.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    // What is above the list can grow or shrink (an error summary, a draft's offer): the view moves too.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(element);
    if (scroller) resized?.observe(scroller);
    return () => {
      target.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      resized?.disconnect();
    };
  }, [list, windowed]);

  // Measures each mounted row (with the margin that follows it) as it appears and whenever it resizes.
  const observer = useRef<ResizeObserver | null>(null);
  const observed = useRef(new Set<Element>());
  // Each render: rows that came in are watched, rows that left are no longer.
  const observeRows = useCallback(() => {
    const watcher = observer.current;
    const element = list.current;
    if (!watcher || !element) return;
    for (const row of observed.current)
      if (!row.isConnected) {
        watcher.unobserve(row);
        observed.current.delete(row);
      }
    for (const row of element.querySelectorAll(':scope > li[data-key]'))
      if (!observed.current.has(row)) {
        watcher.observe(row);
        observed.current.add(row);
      }
  }, [list]);
  useEffect(() => {
    if (!windowed || typeof ResizeObserver === 'undefined') return;
    let margin: number | null = null;
    const watcher = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries) {
        const row = entry.target as HTMLElement;
        const key = Number(row.dataset.key);
        if (!row.isConnected || Number.isNaN(key)) continue;
        margin ??= Number.parseFloat(getComputedStyle(row).marginBlockEnd) || 0;
        const height = (entry.borderBoxSize[0]?.blockSize ?? row.getBoundingClientRect().height) + margin;
        if (Math.abs((heights.current.get(key) ?? -1) - height) > 0.5) {
          heights.current.set(key, height);
          changed = true;
        }
      }
      if (changed) setMeasuredVersion((version) => version + 1);
    });
    observer.current = watcher;
    // The rows of the first render, which came before the watcher.
    observeRows();
    const seen = observed.current;
    return () => {
      watcher.disconnect();
      observer.current = null;
      seen.clear();
    };
  }, [windowed, observeRows]);
  useLayoutEffect(observeRows);

  // A request to focus a block: it is mounted (pinned below), then scrolled to and focused.
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const onRequest = (event: Event) =>
      setRequested({ at: (event as CustomEvent<{ at: number }>).detail.at });
    element.addEventListener(FOCUS_BLOCK_EVENT, onRequest);
    return () => element.removeEventListener(FOCUS_BLOCK_EVENT, onRequest);
  }, [list]);
  const requestedKey = requested ? keys[requested.at] : undefined;
  useLayoutEffect(() => {
    if (!requested) return;
    const row =
      requestedKey === undefined
        ? null
        : list.current?.querySelector<HTMLElement>(`:scope > li[data-key="${requestedKey}"]`);
    if (row) focusRow(row);
    else fallback.current?.focus();
    setRequested(null);
  }, [requested, requestedKey, list, fallback]);

  // Followed on long pages only: a short page lists every block and renders nothing anew for them.
  const windowedNow = useRef(windowed);
  windowedNow.current = windowed;
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    if (windowedNow.current) setFocusKey(keyOf(event.target));
  }, []);
  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (windowedNow.current && (!(next instanceof Node) || !list.current?.contains(next)))
        setFocusKey(null);
    },
    [list],
  );

  let shown: Stretch[] | null = null;
  if (windowed) {
    // The focused block (which a drag, by pointer or keyboard, starts from) and a block asked for.
    const pinned = [editing ?? -1, requested?.at ?? -1];
    if (focusKey !== null) pinned.push(keys.indexOf(focusKey));
    shown = stretches(offsets, range, pinned);
  }
  return { stretches: shown, onFocus, onBlur };
}
