import { apiBase, tokenStore } from './client';
import { PRESENCE_TOKEN_QUERY, type PresenceEvent, presenceEvent } from './contract/presence';

/** How long a closed stream waits before it opens again (with the token stored then). */
const REOPEN_MS = 2000;

/**
 * Follows who has `record` open: `onPeople` is called with everyone there (this tab included) at
 * once and at every change. An EventSource sends no headers, so the token goes in the address; a
 * stream the server closed (an expired token) opens again with the token stored by then.
 * Answers how to stop following.
 */
export function followPresence(record: string, onPeople: (event: PresenceEvent) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const open = () => {
    const query = new URLSearchParams({ record });
    const token = tokenStore.get();
    if (token) query.set(PRESENCE_TOKEN_QUERY, token);
    source = new EventSource(`${apiBase}presence/stream?${query}`);
    source.addEventListener('presence', (message) => {
      const parsed = presenceEvent.safeParse(JSON.parse((message as MessageEvent<string>).data));
      if (parsed.success) onPeople(parsed.data);
    });
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(open, REOPEN_MS);
    };
  };
  open();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    source?.close();
  };
}
