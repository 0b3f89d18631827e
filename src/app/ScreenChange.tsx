import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { announce } from '@/ui/announce';
import { showScreenTitle } from '@/ui/documentTitle';
import { linkToReturnTo, noteFollowedLinks, returnFocusTo } from '@/ui/focus/returnFocus';

/** How long a new screen may take to show its heading (a lazy chunk, then its data) before we give up. */
const HEADING_WAIT_MS = 10_000;

/** The path shown before, so the first screen of a visit (nothing changed yet) keeps focus where the browser put it. */
let shownPath: string | null = null;
/** The path whose heading still has to take focus (kept apart so a re-run effect picks the wait up again). */
let focusPendingFor: string | null = null;

/** False inside a hidden subtree, such as the screen a Suspense boundary keeps hidden while the next loads. */
function isShown(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement)
    if (getComputedStyle(node).display === 'none') return false;
  return true;
}

function visibleMainHeading(): HTMLElement | null {
  const headings = document.querySelectorAll<HTMLElement>('main h1');
  for (const heading of headings) if (isShown(heading)) return heading;
  return null;
}

/**
 * Focus goes to the new screen's heading unless the screen already put it somewhere inside its
 * content on purpose (the sign-in form's email field). Focus left on the body, or on the sidebar link
 * that was followed, would leave a keyboard user at the top of a page they have left.
 */
function focusHeading(heading: HTMLElement): void {
  const active = document.activeElement;
  const main = heading.closest('main');
  if (active && active !== document.body && main?.contains(active)) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** Waits (without polling) for the screen's heading, which a lazy screen or an edit screen shows late. */
function whenHeadingShows(onHeading: (heading: HTMLElement) => void): () => void {
  const now = visibleMainHeading();
  if (now) {
    onHeading(now);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const heading = visibleMainHeading();
    if (!heading) return;
    stop();
    onHeading(heading);
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/** The link to put focus back on once the pending screen shows, when it is one the user came back to. */
let returnPendingTo: string | null = null;
/** Stops waiting for that link: the next change of screen does, not a change of title. */
let stopReturn = () => {};

/**
 * Names the screen in the document title ('Users · Dealership Console') and, when the route has
 * changed, says so politely and moves focus to the screen's main heading; coming back to a screen
 * from the one a link of it opened (a list row's View), focus goes on to that link once it shows.
 */
export function ScreenChange({ title }: { title: string }) {
  const [path] = useLocation();
  useEffect(noteFollowedLinks, []);
  useEffect(() => {
    showScreenTitle(title);
    if (shownPath !== null && shownPath !== path) {
      announce(title);
      focusPendingFor = path;
      stopReturn();
      returnPendingTo = linkToReturnTo(path);
    }
    shownPath = path;
    if (focusPendingFor !== path) return;
    return whenHeadingShows((heading) => {
      focusPendingFor = null;
      focusHeading(heading);
      const href = returnPendingTo;
      returnPendingTo = null;
      if (href) stopReturn = returnFocusTo(href, heading);
    });
  }, [path, title]);
  return null;
}
