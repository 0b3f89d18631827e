import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Confirm } from './Confirm';
import { holdHistorySteps } from './historyGate';
import { guardLeaving } from './leaveGuard';

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

/** The history entry the screen is shown at: put back when Back or Forward is held up. */
interface ShownEntry {
  url: string;
  state: unknown;
}

/** Back or Forward would show another screen: a move within the page (its #hash) would not. */
function leavesScreen(shown: ShownEntry): boolean {
  const from = new URL(shown.url, window.location.href);
  return from.pathname !== window.location.pathname || from.search !== window.location.search;
}

export interface LeavePromptProps {
  /** Whether leaving now would lose work. */
  when: boolean;
}

/**
 * Asks before work is lost: the browser's own prompt when the tab is closed or reloaded, and a
 * confirm when an in-app link is followed, Back (or Forward) would show another screen, or a move
 * goes through `leaveThen` (the account menu). Staying keeps everything as it was, the address too.
 */
export function LeavePrompt({ when }: LeavePromptProps) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const [asking, setAsking] = useState(false);
  /** What the user asked for when the prompt stopped them (a link, Back, Profile), done on Leave. */
  const leave = useRef<(() => void) | null>(null);
  const whenRef = useRef(when);
  whenRef.current = when;
  const shown = useRef<ShownEntry | null>(null);
  /** Leave was chosen after Back: the step the browser takes now goes through. */
  const steppingAway = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: path and search say when the address changed; the address itself is read from the browser, as the router's path and search are decoded.
  useEffect(() => {
    const here = window.location;
    shown.current = { url: `${here.pathname}${here.search}${here.hash}`, state: history.state };
  }, [path, search]);

  useEffect(() => {
    const ask = (go: () => void) => {
      leave.current = go;
      setAsking(true);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!whenRef.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    // Capture, on the document: this runs before the router's own click handler on the link.
    const onClick = (event: MouseEvent) => {
      if (!whenRef.current) return;
      const href = inAppHref(event);
      if (href === null) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => navigate(href));
    };
    // The gate shows Back and Forward here before the router hears of them. By now the browser
    // shows the entry the step went to; the screen's own entry goes back on top of it (so the
    // history does not grow), and the router never switches screens.
    const releaseSteps = holdHistorySteps(() => {
      if (steppingAway.current) {
        steppingAway.current = false;
        return false;
      }
      const entry = shown.current;
      if (!whenRef.current || entry === null || !leavesScreen(entry)) return false;
      history.pushState(entry.state, '', entry.url);
      ask(() => {
        // The entry Back went to lies right behind the one put back: one step reaches it.
        steppingAway.current = true;
        history.back();
      });
      return true;
    });
    const releaseMoves = guardLeaving((go) => {
      if (!whenRef.current) return false;
      ask(go);
      return true;
    });
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      releaseSteps();
      releaseMoves();
    };
  }, [navigate]);

  return (
    <Confirm
      isOpen={asking}
      title="Unsaved changes"
      message="You have changes that are not saved yet."
      question="Leave this page and lose them?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onCancel={() => {
        leave.current = null;
        setAsking(false);
      }}
      onConfirm={() => {
        const go = leave.current;
        leave.current = null;
        whenRef.current = false;
        setAsking(false);
        go?.();
      }}
    />
  );
}
