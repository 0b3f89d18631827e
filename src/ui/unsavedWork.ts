/**
 * The one registry of screens with unsaved work, and every way of leaving them: a step through
 * the history (Back, Forward), an in-app link, a move made in code (the account menu's Profile and
 * Logout, through `leaveThen`), and closing or reloading the tab. A screen registers while it is
 * shown; when one holds unsaved work the move waits, the screen asks the user, and the move
 * happens only if they choose to leave.
 *
 * Back and Forward reach the app as a popstate on the window, and the router listens for it there
 * too. A window's listeners run in the order they were added (capture or not, in Chromium), so the
 * registry listens from when the app starts, before the router does: it sees each step first and
 * can keep it from the router.
 */

/** The history entry a screen is shown at: put back when Back or Forward is held up. */
export interface ShownEntry {
  url: string;
  state: unknown;
}

/** A screen that may hold unsaved work. */
export interface UnsavedScreen {
  /** Whether leaving now would lose work. */
  unsaved: () => boolean;
  /** Asks the user whether to leave; `leave` makes the move once they choose to. */
  ask: (leave: () => void) => void;
  /** Follows an in-app link, as the router would. */
  follow: (href: string) => void;
  /** The entry the screen is shown at; null until it is known. */
  shownAt: () => ShownEntry | null;
}

const screens = new Set<UnsavedScreen>();
let installed = false;
/** Leave was chosen after Back: the step the browser takes now goes through. */
let steppingAway = false;

/** The first registered screen with unsaved work, if any. */
function holdingScreen(): UnsavedScreen | undefined {
  for (const screen of screens) if (screen.unsaved()) return screen;
  return undefined;
}

/** Back or Forward would show another screen: a move within the page (its #hash) would not. */
function leavesScreen(shown: ShownEntry): boolean {
  const from = new URL(shown.url, window.location.href);
  return from.pathname !== window.location.pathname || from.search !== window.location.search;
}

/**
 * By now the browser shows the entry the step went to; a screen with unsaved work puts its own
 * entry back on top of it (so the history does not grow), and the router never switches screens.
 */
function onHistoryStep(event: PopStateEvent): void {
  if (steppingAway) {
    steppingAway = false;
    return;
  }
  for (const screen of screens) {
    const entry = screen.shownAt();
    if (!screen.unsaved() || entry === null || !leavesScreen(entry)) continue;
    event.stopImmediatePropagation();
    history.pushState(entry.state, '', entry.url);
    screen.ask(() => {
      // The entry Back went to lies right behind the one put back: one step reaches it.
      steppingAway = true;
      history.back();
    });
    return;
  }
}

/** A link the app follows itself: same origin, same tab, no modifier key held. */
function inAppHref(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  // A link that loads the page in full is left to the browser's own prompt (beforeunload).
  if (anchor.dataset.reload !== undefined) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Captured on the document: this runs before the router's own click handler on the link. */
function onLinkClick(event: MouseEvent): void {
  const screen = holdingScreen();
  if (!screen) return;
  const href = inAppHref(event);
  if (href === null) return;
  event.preventDefault();
  event.stopPropagation();
  screen.ask(() => screen.follow(href));
}

/** Closing or reloading the tab: the browser asks with its own prompt. */
function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!holdingScreen()) return;
  event.preventDefault();
  // Older browsers show their prompt only when returnValue is set.
  event.returnValue = '';
}

/** Call once, before the app renders: later, the router would hear of every step first. */
export function installLeaveGuard(): void {
  if (installed) return;
  installed = true;
  window.addEventListener('popstate', onHistoryStep, true);
}

/** Registers `screen` until the answered function is called. */
export function guardUnsavedWork(screen: UnsavedScreen): () => void {
  if (screens.size === 0) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onLinkClick, true);
  }
  screens.add(screen);
  return () => {
    if (!screens.delete(screen) || screens.size > 0) return;
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onLinkClick, true);
  };
}

/** Runs `go` now, or, when a screen holds unsaved work, once the user has chosen to leave. */
export function leaveThen(go: () => void): void {
  const screen = holdingScreen();
  if (screen) screen.ask(go);
  else go();
}
