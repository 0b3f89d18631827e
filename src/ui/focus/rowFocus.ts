/** What focus may land on in a row: a control that takes it. */
const ROW_CONTROL = 'button:not([disabled]), a[href], input:not([disabled])';

/**
 * The action a row's control stands for ('trash', 'move'), the same in every row: how focus finds
 * the like of the control it was on in the row that took that row's place. Null for a control that
 * is no row action (a checkbox, the name's link) and for focus outside the rows.
 */
export function rowActionOf(element: Element | null): string | null {
  if (!element?.closest('tbody tr')) return null;
  return element.closest('[data-action]')?.getAttribute('data-action') ?? null;
}

/**
 * Puts focus in the row at `index` of `rows`, or in the last one when fewer are left: on the control
 * of the same action as the one that was used, when that row has it and it takes focus, otherwise on
 * the row's first control. Returns false when there is no row, so the caller can send focus elsewhere.
 */
export function focusRowControl(rows: readonly Element[], index: number, action: string | null): boolean {
  const row = rows[Math.max(0, Math.min(index, rows.length - 1))];
  if (!row) return false;
  const same = action
    ? [...row.querySelectorAll<HTMLElement>('[data-action]')].find(
        (control) => control.getAttribute('data-action') === action,
      )
    : undefined;
  const target = same?.matches(ROW_CONTROL) === true ? same : row.querySelector<HTMLElement>(ROW_CONTROL);
  if (!target) return false;
  target.focus();
  return true;
}
