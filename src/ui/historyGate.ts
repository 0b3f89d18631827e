/**
 * Back and Forward reach the app as a popstate on the window, and the router listens for it there
 * too. A window's listeners run in the order they were added (capture or not, in Chromium), so the
 * gate is added when the app starts, before the router's: a screen that must not be left yet
 * (unsaved work) sees each step first and can keep it from the router.
 */

/** Sees a step through the history; answers true when it holds the step up from the router. */
export type HistoryStepHold = (event: PopStateEvent) => boolean;

const holds = new Set<HistoryStepHold>();
let installed = false;

/** Call once, before the app renders: later, the router would hear of every step first. */
export function installHistoryGate(): void {
  if (installed) return;
  installed = true;
  window.addEventListener(
    'popstate',
    (event) => {
      for (const hold of holds) {
        if (!hold(event)) continue;
        event.stopImmediatePropagation();
        return;
      }
    },
    true,
  );
}

/** Shows every Back and Forward step to `hold` first, until the answered function is called. */
export function holdHistorySteps(hold: HistoryStepHold): () => void {
  holds.add(hold);
  return () => {
    holds.delete(hold);
  };
}
