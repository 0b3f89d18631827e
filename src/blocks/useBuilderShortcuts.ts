import { useEffect, useRef } from 'react';

/**
 * Ctrl+Z / Cmd+Z undoes the last builder change, Shift+Ctrl+Z / Shift+Cmd+Z (and Ctrl+Y) redoes it.
 *
 * While focus is in something that edits text — a text input, a textarea, the rich-text editor
 * (contenteditable) — the keys are left to the browser, which undoes the typing in that field:
 * what an editor expects from a text box, and the builder's own history then still holds the
 * field's change as one step once focus leaves. Read-only and disabled inputs (the slug), and
 * controls that hold no text (selects, checkboxes, buttons, the block list) get the builder's undo.
 *
 * Usage: `useBuilderShortcuts(send)` in the builder screen, with the builder machine's `send`.
 */

export type HistoryEvent = { type: 'history.undo' } | { type: 'history.redo' };

/** Input types whose typing the browser can undo. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', '']);

/** Whether `element` edits text itself, so its undo belongs to the browser. */
export function editsText(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly && !element.disabled;
  if (element instanceof HTMLInputElement)
    return TEXT_INPUTS.has(element.type) && !element.readOnly && !element.disabled;
  // isContentEditable, with the attribute read as well where it is missing (jsdom).
  return (
    element instanceof HTMLElement &&
    (element.isContentEditable ||
      element.closest(
        '[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]',
      ) !== null)
  );
}

/** The history step a key press asks for, or null. */
export function historyShortcut(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'isComposing'>,
): HistoryEvent | null {
  if (event.isComposing || event.altKey || !(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return { type: event.shiftKey ? 'history.redo' : 'history.undo' };
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return { type: 'history.redo' };
  return null;
}

/** Sends undo and redo to the builder for the shortcuts, outside text fields. */
export function useBuilderShortcuts(send: (event: HistoryEvent) => void, enabled = true): void {
  const target = useRef(send);
  target.current = send;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const step = historyShortcut(event);
      if (!step || editsText(document.activeElement)) return;
      // The browser's own undo (of a field no longer focused) would fight the builder's.
      event.preventDefault();
      target.current(step);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
