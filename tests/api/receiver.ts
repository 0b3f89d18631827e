import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver took. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: {
    type: string;
    timestamp: string;
    data: { ids: number[]; paths?: string[]; [key: string]: unknown };
  };
}

/**
 * A site that hears webhooks: a real HTTP server on 127.0.0.1 that records what it is sent and
 * answers with `answer` (200 unless told otherwise). It can go down and come back on the same port.
 */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** What it answers next: a status, and headers (a redirect's Location). */
  answer: { status: number; headers?: Record<string, string>; delayMs?: number };
  /** Resolves once `count` requests have come in (or whatever `match` counts). */
  waitFor(count: number, match?: (r: Received) => boolean): Promise<Received[]>;
  /** Stops listening (connections are refused) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { check: () => boolean }[] = [];
  let server: Server;
  const receiver: Receiver = {
    url: '',
    port,
    received,
    answer: { status: 200 },
    waitFor(count, match = () => true) {
      return new Promise((resolve) => {
        const check = () => {
          const found = received.filter(match);
          if (found.length < count) return false;
          resolve(found);
          return true;
        };
        if (!check()) waiters.push({ check });
      });
    },
    async down() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    async up() {
      await listen();
    },
    async close() {
      if (server.listening) await receiver.down();
    },
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const { status, headers, delayMs = 0 } = receiver.answer;
          if (status >= 200 && status < 300) {
            const body = Buffer.concat(chunks).toString('utf8');
            received.push({ headers: req.headers, body, json: JSON.parse(body) });
          }
          for (const waiter of [...waiters]) if (waiter.check()) waiters.splice(waiters.indexOf(waiter), 1);
          // Taken in, then answered (a slow site answers late, or never, if the sender dies first).
          setTimeout(() => {
            res.writeHead(status, { 'content-type': 'text/plain', ...headers });
            res.end(status < 300 ? 'ok' : 'not now');
          }, delayMs);
        });
      });
      server.listen(receiver.port, '127.0.0.1', () => {
        receiver.port = (server.address() as AddressInfo).port;
        receiver.url = `http://127.0.0.1:${receiver.port}/hook`;
        resolve();
      });
    });
  await listen();
  return receiver;
}
