const DIALOG = '[role="dialog"], [role="alertdialog"]';

/** Whether focus has fallen to the page body, or onto an element no longer in the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

function focusIsInDialog(): boolean {
  return document.activeElement?.closest(DIALOG) != null;
}

/**
 * Calls `rescue` once focus has nowhere to be: at once when it has already fallen to the page
 * body, or, when it is inside a dialog (a confirm that removed the row it was opened from), as
 * soon as that dialog closes and has nothing left to return focus to. Focus that is somewhere
 * meaningful is left alone. Returns a function that stops waiting.
 */
export function whenFocusIsLost(rescue: () => void, waitMs = 10_000): () => void {
  if (focusIsLost()) {
    rescue();
    return () => {};
  }
  if (!focusIsInDialog()) return () => {};
  const observer = new MutationObserver(() => {
    if (focusIsLost()) {
      stop();
      rescue();
    } else if (!focusIsInDialog()) stop();
  });
  const timer = setTimeout(stop, waitMs);
  function stop(): void {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}
