/**
 * The other end of an integration, in its own process as it would be on another machine: a CRM's
 * mail server (SMTP) and a site's webhook endpoint (HTTP), both on 127.0.0.1. Started by
 * `startReceiverProcess` with `fork`; it tells its parent each arrival over IPC, with the time it
 * arrived (milliseconds since 1970, to the microsecond, comparable across processes).
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One mail or request as the receiving end took it. */
export interface Arrival {
  kind: 'mail' | 'webhook';
  at: number;
  /** The enquiry a lead names (`enquiry-12`), or the first id of a webhook's body. */
  ref: number | null;
  /** The webhook's type. */
  type?: string;
  /** The `webhook-id` header. */
  messageId?: string;
}

type FromChild = { ready: { smtpUrl: string; webhookUrl: string } } | { arrivals: Arrival[] };

const epochNow = () => performance.timeOrigin + performance.now();

async function serve(): Promise<void> {
  let pending: Arrival[] = [];
  // Sent in small batches, so the IPC channel is not what the bench measures.
  const flush = () => {
    if (pending.length === 0) return;
    process.send?.({ arrivals: pending } satisfies FromChild);
    pending = [];
  };
  const flusher = setInterval(flush, 20);
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A CRM's mail server takes many connections at once.
    maxClients: 100,
    onData(stream, _session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const ref = Number(/>enquiry-(\d+)</.exec(text)?.[1] ?? Number.NaN);
        pending.push({ kind: 'mail', at: epochNow(), ref: Number.isInteger(ref) ? ref : null });
        done();
      });
    },
  });
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = epochNow();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        type: string;
        data: { ids?: number[] };
      };
      pending.push({
        kind: 'webhook',
        at,
        ref: body.data.ids?.[0] ?? null,
        type: body.type,
        messageId: String(req.headers['webhook-id']),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;
  process.send?.({
    ready: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, webhookUrl: `http://127.0.0.1:${httpPort}/revalidate` },
  } satisfies FromChild);
  process.on('disconnect', () => {
    clearInterval(flusher);
    http.close();
    smtp.close(() => process.exit(0));
  });
}

export interface ReceiverProcess {
  smtpUrl: string;
  webhookUrl: string;
  arrivals: Arrival[];
  /** Resolves once `ok()` holds, looked at after each arrival; rejects after `limitMs`. */
  waitFor(ok: () => boolean, limitMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Forks this module as the receiving process and waits until both its servers listen. */
export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const arrivals: Arrival[] = [];
  let wake = () => {};
  const ready = await new Promise<{ smtpUrl: string; webhookUrl: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the receiving process ended (${code})`)));
    child.on('message', (message: FromChild) => {
      if ('ready' in message) resolve(message.ready);
      else {
        arrivals.push(...message.arrivals);
        wake();
      }
    });
  });
  return {
    ...ready,
    arrivals,
    waitFor: (ok, limitMs = 120_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the receiver waited ${limitMs} ms in vain`)),
          limitMs,
        );
        const check = () => {
          if (!ok()) return;
          clearTimeout(timer);
          wake = () => {};
          resolve();
        };
        wake = check;
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

if (process.argv.includes('--serve')) await serve();
