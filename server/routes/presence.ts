import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponse, validationErrorResponse } from '@/api/contract/common';
import {
  PRESENCE_TOKEN_COOKIE,
  PRESENCE_TOKEN_QUERY,
  type PresenceEvent,
  presenceEvent,
  presenceStream,
} from '@/api/contract/presence';
import type { Db } from '../db/open';
import { readCookie } from '../domain/auth/cookies';
import type { AuthUser } from '../domain/auth/guard';
import type { PresenceHub } from '../domain/presence/hub';
import { mayChangeRecord, requireViewable } from '../domain/presence/records';
import { registeredCalls } from '../http/route';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * An EventSource cannot send the Authorization header: the stream also takes the access token as
 * `?token=` or in the `console_access` cookie, checked exactly as the header is.
 */
function tokenFromQueryOrCookie(request: FastifyRequest): void {
  if (request.headers.authorization) return;
  const query = request.query as Record<string, unknown> | undefined;
  const token =
    (typeof query?.[PRESENCE_TOKEN_QUERY] === 'string' ? (query[PRESENCE_TOKEN_QUERY] as string) : null) ??
    readCookie(request, PRESENCE_TOKEN_COOKIE);
  if (token) request.headers.authorization = `Bearer ${token}`;
}

export function presenceRoutes(app: FastifyInstance, opts: { db: Db; hub: PresenceHub }) {
  const { db, hub } = opts;
  registeredCalls.push(presenceStream);
  // Open streams never end by themselves: closing the server ends them, so that it can close.
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `/api/${presenceStream.path}`,
    schema: {
      operationId: 'presenceStream',
      summary: presenceStream.summary,
      description:
        'Needs sign-in, with the access token in the Authorization header, as `?token=` or in the `console_access` cookie (an EventSource sends no headers), and permission to view the record (403), which must be in the user\u2019s scope (404). Answers `text/event-stream`: each `presence` event carries a JSON object `{record, people, own_tabs}`, each person marked `editing` when their role may change the record; the caller counts as having the record open while the stream is open.',
      'x-permission': 'signedIn',
      tags: ['presence'],
      security: [{ bearer: [] }, { accessQuery: [] }, { accessCookie: [] }],
      querystring: presenceStream.query,
      response: {
        200: {
          description: 'An endless stream of `event: presence` messages, each `data:` line one JSON object',
          content: { 'text/event-stream': { schema: presenceEvent } },
        },
        401: messageResponse,
        403: messageResponse,
        404: messageResponse,
        422: validationErrorResponse,
      },
    },
    onRequest: async (request) => {
      tokenFromQueryOrCookie(request);
      await app.authenticate(request);
    },
    handler: async (request, reply) => {
      const user = request.user as AuthUser;
      const { record } = request.query;
      await requireViewable(db, user, record);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 2000\n\n');
      const leave = hub.join(record, {
        id: user.id,
        name: user.name,
        editing: mayChangeRecord(user, record),
      });
      const unwatch = hub.watch(record, user.id, (people, ownTabs) => {
        const event: PresenceEvent = { record, people, own_tabs: ownTabs };
        res.write(`event: presence\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const keepAlive = setInterval(() => res.write(': still here\n\n'), KEEP_ALIVE_MS);
      keepAlive.unref();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        open.delete(close);
        clearInterval(keepAlive);
        unwatch();
        leave();
      };
      const close = () => {
        end();
        res.end();
      };
      open.add(close);
      request.raw.on('close', end);
      res.on('close', end);
      res.on('error', end);
    },
  });
}
