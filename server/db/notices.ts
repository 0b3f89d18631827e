import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Called with each notice's text; the second form is told the listening connection was lost and is back. */
export type NoticeHandler = (payload: string) => void;

/**
 * Short messages between the API processes that share a database (PostgreSQL's LISTEN/NOTIFY),
 * or within the one process that holds a PGlite database. A listener also hears its own process's
 * notices. Delivery is at most once: a listener that must not miss state asks again after
 * `onReconnect`.
 */
export interface Notices {
  publish(channel: string, payload: string): Promise<void>;
  listen(channel: string, handler: NoticeHandler, onReconnect?: () => void): Promise<() => void>;
  close(): Promise<void>;
}

/** PGlite: one process holds the database, so its notices stay in the process. */
export function localNotices(): Notices {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      // Delivered after the publisher has gone on, as a notice from the database would be.
      setImmediate(() => emitter.emit(channel, payload));
    },
    async listen(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 500;

/**
 * PostgreSQL: NOTIFY through the pool, LISTEN on one connection of its own, opened with the first
 * listener and opened again (listening on every channel again) when it is lost.
 */
export function postgresNotices(pool: pg.Pool, connectionString: string): Notices {
  const handlers = new Map<string, Set<{ handler: NoticeHandler; onReconnect?: () => void }>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        for (const entry of handlers.get(message.channel) ?? []) entry.handler(message.payload ?? '');
      });
      const lost = () => {
        if (client !== next) return;
        client = null;
        next.removeAllListeners('end');
        if (closed) return;
        retry = setTimeout(() => {
          retry = null;
          reconnect();
        }, RECONNECT_MS);
        retry.unref();
      };
      next.on('error', lost);
      next.on('end', lost);
      await next.connect();
      for (const channel of handlers.keys()) await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const reconnect = () => {
    if (closed) return;
    connect().then(
      () => {
        for (const entries of handlers.values()) for (const entry of entries) entry.onReconnect?.();
      },
      () => {
        if (closed) return;
        retry = setTimeout(() => {
          retry = null;
          reconnect();
        }, RECONNECT_MS);
        retry.unref();
      },
    );
  };

  return {
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler, onReconnect) {
      const entry = onReconnect ? { handler, onReconnect } : { handler };
      const fresh = !handlers.has(channel);
      if (fresh) handlers.set(channel, new Set());
      handlers.get(channel)!.add(entry);
      const listening = await connect();
      if (fresh) await listening.query(`listen ${pg.escapeIdentifier(channel)}`);
      return () => {
        handlers.get(channel)?.delete(entry);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client ?? (connecting ? await connecting.catch(() => null) : null);
      client = null;
      handlers.clear();
      await open?.end().catch(() => {});
    },
  };
}
