import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Confirm } from './Confirm';
import { guardUnsavedWork, type ShownEntry } from './unsavedWork';

export interface LeavePromptProps {
  /** Whether leaving now would lose work: a flag, or a question asked at the moment of leaving. */
  when: boolean | (() => boolean);
}

/**
 * Asks before work is lost: the browser's own prompt when the tab is closed or reloaded, and a
 * confirm when an in-app link is followed, Back (or Forward) would show another screen, or a move
 * goes through `leaveThen` (the account menu). The screen is registered with unsavedWork.ts, which
 * holds those moves up; staying keeps everything as it was, the address too.
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: path and search say when the address changed; the address itself is read from the browser, as the router's path and search are decoded.
  useEffect(() => {
    const here = window.location;
    shown.current = { url: `${here.pathname}${here.search}${here.hash}`, state: history.state };
  }, [path, search]);

  useEffect(
    () =>
      guardUnsavedWork({
        unsaved: () => (typeof whenRef.current === 'function' ? whenRef.current() : whenRef.current),
        ask: (go) => {
          leave.current = go;
          setAsking(true);
        },
        follow: (href) => navigate(href),
        shownAt: () => shown.current,
      }),
    [navigate],
  );

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
