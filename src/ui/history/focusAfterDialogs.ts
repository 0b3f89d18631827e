const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Moves focus to `target()` once no dialog is open any more: a closing dialog hands focus back
 * to what opened it, and this takes it on to where the work goes on (the editor's first field).
 * Gives up after `waitMs`. Returns a function that stops waiting.
 */
export function focusAfterDialogs(target: () => HTMLElement | null, waitMs = 5000): () => void {
  const move = () => target()?.focus();
  if (!document.querySelector(DIALOG)) {
    move();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector(DIALOG)) return;
    stop();
    move();
  });
  const timer = setTimeout(stop, waitMs);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

const FIELDS =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"], [role="combobox"], [role="switch"]';

/**
 * The first field a person can type in or choose from within `root`: never a control kept for
 * the form's sake alone (a select's hidden native twin, out of the tab order and from readers).
 */
export function firstField(root: ParentNode | null | undefined): HTMLElement | null {
  const fields = root ? Array.from(root.querySelectorAll<HTMLElement>(FIELDS)) : [];
  return (
    fields.find((element) => element.tabIndex >= 0 && !element.closest('[aria-hidden="true"], [inert]')) ??
    null
  );
}
