/**
 * A move that takes an item to the first or the last place disables the Move button just used, and
 * a disabled button drops focus to the page. Focus goes instead to the item's other Move button
 * (`other`, a selector within `row`), so the keyboard stays with the item that moved. Focus
 * elsewhere (a move made by another control) is left where it is.
 */
export function focusOtherMoveButton(row: Element | null | undefined, other: string): void {
  const active = document.activeElement;
  if (!row || !active || !row.contains(active)) return;
  row.querySelector<HTMLElement>(other)?.focus();
}
