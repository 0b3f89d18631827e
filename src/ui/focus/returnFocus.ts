/** How long a list may take to show its rows again (its data loads anew) before focus stays put. */
const ROWS_WAIT_MS = 10_000;

/** The row's link followed from a list: the list's path, the link's address and its path. */
interface Followed {
  from: string;
  href: string;
  to: string;
}

let followed: Followed | null = null;

/** A link of a list's row: the one a user comes back to after opening what the row stands for. */
const ROW_LINK = 'main tr a[href], main [role="row"] a[href]';

/** Notes the row's link that is followed (a click, or Enter, which clicks it). */
function noteFollowedLink(event: MouseEvent): void {
  const link = event.target instanceof Element ? event.target.closest(ROW_LINK) : null;
  const href = link?.getAttribute('href');
  if (!href) return;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return;
  followed = { from: window.location.pathname, href, to: url.pathname };
}

/**
 * Starts noting which row's link of a list is followed (its View, its Edit), so that coming back to
 * that list puts focus back on it. Returns the stop.
 */
export function noteFollowedLinks(): () => void {
  document.addEventListener('click', noteFollowedLink, true);
  return () => document.removeEventListener('click', noteFollowedLink, true);
}

/**
 * The address of the link followed from `path`, when the user comes straight back to it from the
 * screen that link opened (its back link, the browser's Back, a save that returns to the list);
 * null otherwise. A visit anywhere else forgets the link: coming to the list afresh starts at its top.
 */
export function linkToReturnTo(path: string): string | null {
  const noted = followed;
  if (!noted || path === noted.to) return null;
  followed = null;
  return path === noted.from ? noted.href : null;
}

/**
 * Once the screen shows the link `href` again (a list's rows load anew), focus moves to it from the
 * heading that took it meanwhile, unless the user has put focus elsewhere. A row gone since leaves
 * focus on the heading. Returns the stop.
 */
export function returnFocusTo(href: string, heading: HTMLElement): () => void {
  const main = heading.closest('main') ?? document.body;
  const selector = `a[href="${CSS.escape(href)}"]`;
  const tryFocus = (): boolean => {
    const link = main.querySelector<HTMLElement>(selector);
    if (!link) return false;
    const active = document.activeElement;
    if (active === heading || active === document.body || active === null) link.focus();
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), ROWS_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
