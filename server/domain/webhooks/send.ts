import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { users } from '../../db/schema/users';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks';
import { type JobContext, JobStopped } from '../jobs';
import { type EnqueueWithin, queueMail } from '../mailQueue';
import { transaction } from '../transaction';
import { hostOf, isPrivateAddress, PRIVATE_ADDRESS } from './address';
import { kickEndpoint } from './outbox';
import { signatureHeader } from './sign';

/** How long one attempt may take, answer included. */
export const ATTEMPT_TIMEOUT_MS = 5_000;
/** How long an endpoint keeps failing before it is disabled and its creator told. */
export const FAILING_FOR_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How long a sender holds an endpoint between two steps, unless set; a dead sender's hold runs out. */
const LEASE_SECONDS = 60;
/** Waiting deliveries read at once. */
const BATCH = 50;
/** How long the delivery log keeps a delivery. */
export const KEPT_DAYS = 30;
/** How much of a request and an answer the log keeps. */
export const LOGGED_CHARS = 4_000;

export interface SendOptions {
  allowPrivate: boolean;
  /** The first wait after a failure; each next one doubles. */
  retryBaseMs: number;
  enqueueMail: EnqueueWithin;
  publicUrl: string | null;
  /** How long a sender holds an endpoint between two steps (LEASE_SECONDS unless given). */
  leaseSeconds?: number;
  /** The time, in ms since 1970 (`Date.now` unless given): retries, the day of failures and the old secret's day run by it. */
  now?: () => number;
}

/** What one attempt came to. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
}

/** The body other systems receive (Standard Webhooks' `type`, `timestamp`, `data`). */
export function payloadOf(event: {
  type: string;
  createdAt: Date;
  ids: number[];
  paths: string[] | null;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: { ids: event.ids, ...(event.paths ? { paths: event.paths } : {}), ...event.data },
  });
}

const cut = (text: string | null) => (text === null ? null : text.slice(0, LOGGED_CHARS));

/**
 * A DNS lookup that refuses private addresses: checked when the connection is made, so a name
 * that resolves to a public address for a check and a private one for the request is still refused.
 */
function checkedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
        return callback(Object.assign(new Error(PRIVATE_ADDRESS), { code: 'EPRIVATE' }), []);
      const all = (options as { all?: boolean }).all;
      if (all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

/**
 * One POST to an endpoint: signed, at most 5 s, redirects not followed (a 3xx is a failure), and
 * only to a public address unless private ones are allowed.
 */
export async function postSigned(
  target: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (partial: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
    ...partial,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return done({ ok: false, status: null, responseBody: null, error: 'The address is not a URL.' });
  }
  const host = hostOf(url);
  if (isIP(host) && !allowPrivate && isPrivateAddress(host))
    return done({ ok: false, status: null, responseBody: null, error: PRIVATE_ADDRESS });
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(allowPrivate) as never,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < LOGGED_CHARS * 4) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString('utf8');
          const ok = status >= 200 && status < 300;
          const redirect = status >= 300 && status < 400;
          resolve(
            done({
              ok,
              status,
              responseBody: cut(text),
              error: ok
                ? null
                : redirect
                  ? `Redirects are not followed (${status} to ${res.headers.location ?? 'nowhere'}).`
                  : `The endpoint answered ${status}.`,
            }),
          );
        });
        res.on('error', (error) =>
          resolve(
            done({ ok: false, status: res.statusCode ?? null, responseBody: null, error: error.message }),
          ),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve(
        done({
          ok: false,
          status: null,
          responseBody: null,
          error: timedOut ? `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s.` : error.message,
        }),
      );
    });
    req.end(body);
  });
}

/** The wait after the n-th failed attempt (1-based): the base, doubled each time, at most an hour. */
export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.min(30, attempts - 1));
}

/** Holds the endpoint for this sender; false when another holds it (or it is gone or disabled). */
async function lease(db: Db, webhookId: number, seconds: number): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ leasedUntil: sql`now() + ${`${seconds} seconds`}::interval` })
    .where(
      and(
        eq(webhooks.id, webhookId),
        eq(webhooks.enabled, true),
        sql`(${webhooks.leasedUntil} is null or ${webhooks.leasedUntil} < now())`,
      ),
    )
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** Lets every endpoint go: on PGlite only this process can hold one, so every hold found at start is a dead process's. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db.update(webhooks).set({ leasedUntil: null }).where(sql`${webhooks.leasedUntil} is not null`);
}

/** Asks for every enabled endpoint with deliveries waiting to be sent: at start, and on the hourly round. */
export async function kickWaiting(db: Db): Promise<void> {
  const rows = await db.execute(sql`
    select w.id, min(d.next_attempt_at) as due from webhooks w
    join webhook_deliveries d on d.webhook_id = w.id and d.status = 'pending'
    where w.enabled group by w.id`);
  for (const row of (rows as unknown as { rows: { id: number; due: string | Date }[] }).rows) {
    const due = new Date(row.due);
    await kickEndpoint(db, Number(row.id), due.getTime() > Date.now() ? due : undefined);
  }
}

/**
 * The job of an endpoint: sends its waiting deliveries one at a time in their order, each until it
 * is answered 2xx, and never one before the one ahead of it has been. A failure waits (twice as
 * long each time) and the job asks to run again then; after a day of failures the endpoint is
 * disabled, what waits is marked failed, and whoever added it is e-mailed.
 */
export async function sendWaiting(
  db: Db,
  options: SendOptions,
  data: { webhookId: number },
  context: JobContext,
): Promise<void> {
  const { webhookId } = data;
  const now = options.now ?? Date.now;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  if (!(await lease(db, webhookId, leaseSeconds))) {
    // Another sender is at it, or it is gone or disabled: look again shortly if it still waits.
    const [held] = await db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.id, webhookId), eq(webhooks.enabled, true)));
    if (held) await kickEndpoint(db, webhookId, new Date(Date.now() + 1_000));
    return;
  }
  try {
    for (;;) {
      const [endpoint] = await db.select().from(webhooks).where(eq(webhooks.id, webhookId));
      if (!endpoint?.enabled) return;
      // The next deliveries in their order, read together; each is sent only after the one before it went.
      const batch = await db
        .select({ delivery: webhookDeliveries, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')))
        .orderBy(webhookDeliveries.seq)
        .limit(BATCH);
      if (batch.length === 0) return;
      const secrets = [endpoint.secret];
      if (endpoint.previousSecret && endpoint.previousUntil && endpoint.previousUntil.getTime() > now())
        secrets.push(endpoint.previousSecret);
      for (const next of batch) {
        if (context.signal.aborted) throw new JobStopped();
        if (next.delivery.nextAttemptAt.getTime() > now()) {
          await kickEndpoint(db, webhookId, next.delivery.nextAttemptAt);
          return;
        }
        const body = payloadOf(next.event);
        const timestamp = Math.floor(now() / 1000);
        const result = await postSigned(
          endpoint.url,
          {
            'content-type': 'application/json',
            'user-agent': 'Dealership-Console-Webhooks/1',
            'webhook-id': next.event.msgId,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureHeader(secrets, next.event.msgId, timestamp, body),
          },
          body,
          options.allowPrivate,
        );
        const attempts = next.delivery.attempts + 1;
        const logged = {
          attempts,
          responseStatus: result.status,
          durationMs: result.durationMs,
          requestBody: cut(body),
          responseBody: result.responseBody,
          error: result.error,
          attemptedAt: new Date(now()),
        };
        if (result.ok) {
          await delivered(
            db,
            webhookId,
            next.delivery.id,
            logged,
            endpoint.failingSince !== null,
            leaseSeconds,
          );
          endpoint.failingSince = null;
          continue;
        }
        const failingSince = endpoint.failingSince ?? new Date(now());
        const retryAt = new Date(now() + backoffMs(attempts, options.retryBaseMs));
        if (retryAt.getTime() - failingSince.getTime() >= FAILING_FOR_MS) {
          await disable(db, options, endpoint, next.delivery.id, logged, now());
          return;
        }
        await transaction(db, async (tx) => {
          await tx
            .update(webhookDeliveries)
            .set({ ...logged, nextAttemptAt: retryAt })
            .where(eq(webhookDeliveries.id, next.delivery.id));
          await tx.update(webhooks).set({ failingSince }).where(eq(webhooks.id, webhookId));
          await kickEndpoint(tx, webhookId, retryAt);
        });
        return;
      }
    }
  } finally {
    await db.update(webhooks).set({ leasedUntil: null }).where(eq(webhooks.id, webhookId));
  }
}

/**
 * Records a delivery answered 2xx and renews the sender's hold, in one statement (the endpoint's
 * failing streak ends with it, when it had one).
 */
async function delivered(
  db: Db,
  webhookId: number,
  deliveryId: number,
  logged: Partial<typeof webhookDeliveries.$inferInsert>,
  wasFailing: boolean,
  leaseSeconds: number,
): Promise<void> {
  await db.execute(sql`
    with done as (
      update webhook_deliveries set status = 'delivered', delivered_at = now(),
        attempts = ${logged.attempts}, response_status = ${logged.responseStatus ?? null},
        duration_ms = ${logged.durationMs ?? null}, request_body = ${logged.requestBody ?? null},
        response_body = ${logged.responseBody ?? null}, error = null, attempted_at = now()
      where id = ${deliveryId}
      returning id
    )
    update webhooks set leased_until = now() + ${`${leaseSeconds} seconds`}::interval
      ${wasFailing ? sql`, failing_since = null` : sql``}
    where id = ${webhookId} and exists (select 1 from done)`);
}

/** A day of failures: the endpoint is disabled, what waits is failed (Replay sends it again), its creator is told. */
async function disable(
  db: Db,
  options: SendOptions,
  endpoint: typeof webhooks.$inferSelect,
  deliveryId: number,
  logged: Partial<typeof webhookDeliveries.$inferInsert>,
  now: number,
): Promise<void> {
  const reason = `Every attempt failed for a day (last: ${logged.error ?? 'no answer'}).`;
  await transaction(db, async (tdb) => {
    await tdb.update(webhookDeliveries).set(logged).where(eq(webhookDeliveries.id, deliveryId));
    await tdb
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(and(eq(webhookDeliveries.webhookId, endpoint.id), eq(webhookDeliveries.status, 'pending')));
    await tdb
      .update(webhooks)
      .set({ enabled: false, disabledReason: reason, failingSince: null, updatedAt: new Date(now) })
      .where(eq(webhooks.id, endpoint.id));
    if (endpoint.createdBy === null) return;
    const [owner] = await tdb
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, endpoint.createdBy));
    if (!owner) return;
    const link = options.publicUrl ? `\n\n${options.publicUrl}/webhooks` : '';
    await queueMail(tdb, options.enqueueMail, {
      to: [owner.email],
      subject: 'A webhook endpoint was disabled',
      text:
        `The webhook endpoint ${endpoint.url} has been disabled: ${reason}\n\n` +
        `Events are no longer sent to it. Once it answers again, enable it in Webhooks and replay what it missed.${link}`,
    });
  });
}

/** Forgets deliveries and events older than 30 days (before `now`): the log keeps a month. */
export async function pruneDeliveries(db: Db, now: Date = new Date()): Promise<void> {
  const before = new Date(now.getTime() - KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  await db.execute(sql`delete from webhook_deliveries where created_at < ${before}::timestamptz`);
  await db.execute(sql`delete from webhook_events e where e.created_at < ${before}::timestamptz
    and not exists (select 1 from webhook_deliveries d where d.event_id = e.id)`);
}
