import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Confirm } from './Confirm';

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

export interface LeavePromptProps {
  /** Whether leaving now would lose work. */
  when: boolean;
}

/**
 * Asks before work is lost: the browser's own prompt when the tab is closed or reloaded, and a
 * confirm when an in-app link is followed. Staying keeps everything as it was.
 */
export function LeavePrompt({ when }: LeavePromptProps) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const whenRef = useRef(when);
  whenRef.current = when;

  useEffect(() => {
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
      setPending(href);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  return (
    <Confirm
      isOpen={pending !== null}
      title="Unsaved changes"
      message="You have changes that are not saved yet."
      question="Leave this page and lose them?"
      confirmLabel="Leave"
      cancelLabel="Stay"
      onCancel={() => setPending(null)}
      onConfirm={() => {
        const href = pending;
        whenRef.current = false;
        setPending(null);
        if (href !== null) navigate(href);
      }}
    />
  );
}
