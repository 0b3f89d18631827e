/**
 * What shows an error: a field marked `aria-invalid`, or a list box's button (react-aria marks its
 * whole field `data-invalid`, and the button names the error in its `aria-describedby`).
 */
const INVALID = ['[aria-invalid="true"]', '[data-invalid] > button'];

/**
 * Moves focus to the first field under `root` that shows an error, as a refused save does in every
 * form: the screen reader then reads the field with its error, which its `aria-describedby` names.
 * `scope` narrows the search (only the tab panel shown). A control kept from the user (a list box's
 * hidden native twin, a closed part) is passed over. Answers whether a field took focus.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined, scope = ''): boolean {
  const selector = INVALID.map((invalid) => `${scope} ${invalid}`.trim()).join(', ');
  for (const field of root?.querySelectorAll<HTMLElement>(selector) ?? []) {
    if (field.closest('[aria-hidden="true"], [hidden], [inert]')) continue;
    field.focus();
    if (field.ownerDocument.activeElement === field) return true;
  }
  return false;
}
