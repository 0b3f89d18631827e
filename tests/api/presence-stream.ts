import type { PresenceEvent } from '@/api/contract/presence';

/** An open presence stream, read as a browser's EventSource would. */
export interface PresenceStream {
  status: number;
  contentType: string | null;
  /** Every presence event so far. */
  events: PresenceEvent[];
  /** The first event (already received or still to come) that `match` accepts. */
  next(match: (event: PresenceEvent) => boolean, timeoutMs?: number): Promise<PresenceEvent>;
  close(): void;
}

/** The names in an event, in its order. */
export const names = (event: PresenceEvent) => event.people.map((p) => p.name);

/**
 * Opens `GET /api/presence/stream` on a listening server; headers, `?token=` and cookies as given.
 * A refused stream answers its status and JSON body in `refusal`.
 */
export async function openPresence(
  baseURL: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<PresenceStream & { refusal: Record<string, unknown> | null }> {
  const controller = new AbortController();
  const res = await fetch(`${baseURL}/api/presence/stream?${new URLSearchParams(query)}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: PresenceEvent[] = [];
  const waiting = new Set<() => void>();
  const base = { status: res.status, contentType: res.headers.get('content-type'), events };
  if (!res.ok || !res.body) {
    return {
      ...base,
      refusal: (await res.json()) as Record<string, unknown>,
      next: () => Promise.reject(new Error(`the stream was refused with ${res.status}`)),
      close: () => controller.abort(),
    };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (lines.includes('event: presence')) {
            const data = lines.find((line) => line.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice(6)) as PresenceEvent);
            for (const wake of waiting) wake();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    ...base,
    refusal: null,
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(
            new Error(`no matching presence event within ${timeoutMs} ms; had ${JSON.stringify(events)}`),
          );
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
