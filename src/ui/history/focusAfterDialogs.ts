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

/** The first field a person can type in or choose from within `root`. */
export function firstField(root: ParentNode | null | undefined): HTMLElement | null {
  return (
    root?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [contenteditable="true"], [role="combobox"], [role="switch"]',
    ) ?? null
  );
}
