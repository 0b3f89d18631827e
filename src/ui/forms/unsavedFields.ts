import { isDirty } from '@conform-to/react/future';

/** A control's field: `scope.brand_ids[0]` and `scope.brand_ids` both belong to `scope`. */
const fieldOf = (name: string) => name.split(/[.[]/)[0] ?? name;

/**
 * Whether a form's fields hold something other than the values it was opened with: what the
 * browser would submit now (FormData, so every control counts, however it was changed: typed,
 * chosen in a popover, loaded from a revision) against those values written as a form writes them
 * (conform's `isDirty`: `true` as 'on', a number as its digits, blanks left out).
 *
 * Compared are the fields shown by an enabled control: a value the form keeps without showing (a
 * version), a control that is switched off, or one that only arranges the form (a choice of which
 * fields to show, marked `data-arranges`) is not what leaving would lose. A field the form opened
 * without (a new record's name) counts once it holds something. A switch that posts words
 * (`data-unchecked` says which is off) is read as a box: 'on', or nothing.
 */
export function unsavedFields(form: HTMLFormElement, opened: Record<string, unknown>): boolean {
  const shown = new Set<string>();
  const posted = new FormData(form);
  for (const control of form.elements) {
    const input = control as HTMLInputElement;
    if (!input.name || control.matches(':disabled')) continue;
    // What only arranges the form is no change, even where it posts (a scope's `chosen`).
    if (input.dataset.arranges !== undefined) {
      posted.delete(input.name);
      continue;
    }
    shown.add(fieldOf(input.name));
    // A switch that posts words ('true', 'false'): read as a box posts, 'on' or nothing.
    if (input.dataset.unchecked === undefined) continue;
    if (input.value === input.dataset.unchecked) posted.delete(input.name);
    else posted.set(input.name, 'on');
  }
  // A list's blank entry (the hidden one that posts the list when nothing is chosen) is no choice.
  for (const name of new Set(posted.keys())) {
    const values = posted.getAll(name);
    if (values.length < 2 || !values.includes('')) continue;
    posted.delete(name);
    for (const value of values) if (value !== '') posted.append(name, value);
  }
  const compared = Object.fromEntries(Object.entries(opened).filter(([field]) => shown.has(field)));
  if (isDirty(posted, { defaultValue: compared, skipEntry: (name) => !(fieldOf(name) in compared) }))
    return true;
  for (const [name, value] of posted) {
    const field = fieldOf(name);
    if (field in opened || !shown.has(field)) continue;
    if (typeof value === 'string' ? value !== '' : value.size > 0) return true;
  }
  return false;
}
