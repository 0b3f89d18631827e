import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nowSeconds, stripeRefund } from './stripe';

/**
 * A stand-in for Stripe's API on a local port, for the server's refunds (STRIPE_API_BASE points the
 * `stripe` package at it): `POST /v1/refunds` answers as Stripe does, a Refund object or Stripe's
 * error shape, reads the form body the package sends, and honours the Idempotency-Key header as
 * Stripe does (the same key and parameters replay the first answer; other parameters are refused).
 * It stands in for the network only: the server under test uses the real `stripe` package.
 */

export const STRIPE_TEST_KEY = 'sk_test_51RefundsConsole0000000000000000';

export interface RefundCall {
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

type Answer = { status: number; body: unknown };

export interface StripeApi {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  base: string;
  /** Every POST /v1/refunds received, in order (replays included). */
  calls: RefundCall[];
  /** The refunds made (one per idempotency key that succeeded). */
  refunds: Array<ReturnType<typeof stripeRefund>>;
  /** A charge Stripe knows, with its amount; refunds of others answer resource_missing. */
  addCharge(id: string, amount: number): void;
  /** The next new refund answers this error instead (Stripe's `error` object and status). */
  failNext(status: number, error: { type: string; message: string; code?: string; param?: string }): void;
  /** Holds every answer this long: two requests overlap at Stripe. */
  delayMs: number;
  /** Runs once a refund is made, before Stripe answers: its webhook events may come first. */
  beforeAnswer: ((made: ReturnType<typeof stripeRefund>) => Promise<void>) | null;
  close(): Promise<void>;
}

function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () =>
      resolve(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()))),
    );
    request.on('error', reject);
  });
}

const stripeError = (status: number, error: Record<string, unknown>): Answer => ({ status, body: { error } });

export async function startStripeApi(): Promise<StripeApi> {
  const charges = new Map<string, { amount: number; refunded: number }>();
  const byKey = new Map<string, { form: string; answer: Promise<Answer> }>();
  let failure: Answer | null = null;

  const api: Omit<StripeApi, 'base' | 'close'> = {
    calls: [],
    refunds: [],
    delayMs: 0,
    beforeAnswer: null,
    addCharge: (id, amount) => charges.set(id, { amount, refunded: 0 }),
    failNext: (status, error) => {
      failure = stripeError(status, error);
    },
  };

  async function refund(form: Record<string, string>): Promise<Answer> {
    if (api.delayMs) await new Promise((resolve) => setTimeout(resolve, api.delayMs));
    if (failure) {
      const answer = failure;
      failure = null;
      return answer;
    }
    const charge = charges.get(form.charge ?? '');
    if (!charge) {
      return stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'charge',
        message: `No such charge: '${form.charge ?? ''}'`,
      });
    }
    const amount = form.amount === undefined ? charge.amount - charge.refunded : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) {
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'amount',
        message: 'Invalid positive integer',
      });
    }
    if (amount > charge.amount - charge.refunded) {
      return stripeError(400, {
        type: 'invalid_request_error',
        param: 'amount',
        message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((charge.amount - charge.refunded) / 100).toFixed(2)})`,
      });
    }
    charge.refunded += amount;
    const made = {
      ...stripeRefund({ charge: form.charge ?? '', amount, status: 'succeeded', created: nowSeconds() }),
      reason: (form.reason ?? null) as 'requested_by_customer',
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([key]) => key.startsWith('metadata['))
          .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
      ),
    };
    api.refunds.push(made);
    await api.beforeAnswer?.(made);
    return { status: 200, body: made };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const send = ({ status, body }: Answer) => {
      response.writeHead(status, {
        'content-type': 'application/json',
        'request-id': 'req_stand_in',
        // As Stripe says of a failure a retry would only replay.
        ...(status >= 500 ? { 'stripe-should-retry': 'false' } : {}),
      });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/refunds') {
      return send(stripeError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL.' }));
    }
    const form = await readForm(request);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header[0] : header;
    api.calls.push({ idempotencyKey, authorization: request.headers.authorization, form });
    if (request.headers.authorization !== `Bearer ${STRIPE_TEST_KEY}`) {
      return send(stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }));
    }
    if (!idempotencyKey) return send(await refund(form));
    const formText = JSON.stringify(form);
    const earlier = byKey.get(idempotencyKey);
    if (earlier) {
      if (earlier.form !== formText) {
        return send(
          stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          }),
        );
      }
      return send(await earlier.answer);
    }
    const answer = refund(form);
    byKey.set(idempotencyKey, { form: formText, answer });
    send(await answer);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(api, {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
