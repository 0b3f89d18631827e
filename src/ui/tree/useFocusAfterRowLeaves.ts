import { type RefObject, useEffect, useRef } from 'react';
import { focusRowControl, rowActionOf } from '../focus/rowFocus';
import { whenFocusIsLost } from '../focus/whenFocusIsLost';

const ROWS = 'tbody tr:not([data-spacer])';

/**
 * When the row that had focus leaves the list (deleted, moved elsewhere) and focus falls to the
 * page body, focus goes to the same action (the row's first control, when it lacks that one) of the
 * row now in its place, of the row before it when it was the last, or to the screen's heading when
 * the list is empty. When focus is in the confirm or the modal that removed the row, this happens
 * as that closes, whichever comes first. The frame may hold several tables (the groups of the page
 * list): `rows` are their rows in the order they are drawn.
 */
export function useFocusAfterRowLeaves(
  frame: RefObject<HTMLElement | null>,
  rows: readonly { id: number }[],
  /** The index of the first rendered row in rowIds (a windowed list renders only those in view). */
  firstShown = 0,
): void {
  const last = useRef<{ id: number; index: number; action: string | null } | null>(null);
  const shownRows = useRef(rows);
  shownRows.current = rows;
  const offset = useRef(firstShown);
  offset.current = firstShown;

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const noteFocus = (event: FocusEvent) => {
      const target = event.target as Element | null;
      const row = target?.closest(ROWS);
      if (!row) return;
      const drawn = [...element.querySelectorAll(ROWS)];
      const index = offset.current + drawn.indexOf(row);
      const id = shownRows.current[index]?.id;
      if (id !== undefined) last.current = { id, index, action: rowActionOf(target) };
    };
    element.addEventListener('focusin', noteFocus);
    return () => element.removeEventListener('focusin', noteFocus);
  });

  // The last row gone, the list gives way to its empty state: focus goes to the heading then.
  useEffect(
    () => () => {
      if (!last.current) return;
      setTimeout(() => whenFocusIsLost(focusHeading), 0);
    },
    [],
  );

  useEffect(() => {
    const left = last.current;
    if (!left || rows.some((row) => row.id === left.id)) return;
    last.current = null;
    // Not stopped when the rows change again: a refetch must not cancel the rescue.
    whenFocusIsLost(() => {
      const current = shownRows.current;
      const element = frame.current;
      const drawn = element ? [...element.querySelectorAll(ROWS)] : [];
      const index = Math.min(left.index, current.length - 1) - offset.current;
      if (index < 0 || !focusRowControl(drawn.slice(index, index + 1), 0, left.action)) focusHeading();
    });
  }, [rows, frame]);
}

function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
