import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contract } from '@/api/contract/all';
import { messageResponse, validationErrorResponse } from '@/api/contract/common';
import type { CallDef, CallOutput } from '@/api/contract/define';
import { type CallPermission, permissionOf } from '@/api/contract/permissions';
import { permissionName } from '@/shared/access';
import { forbidden, requirePermission, VIEWING_IS_READ_ONLY } from '../domain/access/require';
import type { AuthUser } from '../domain/auth/guard';
import { actingAs } from '../domain/history/actor';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface CallRequest<C extends CallDef> {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
  /** The signed-in user; present on every call that needs sign-in. */
  user: AuthUser;
  raw: FastifyRequest;
}

export type CallHandler<C extends CallDef> = (
  req: CallRequest<C>,
  reply: FastifyReply,
) => Promise<CallOutput<C>> | CallOutput<C>;

const errorResponses = {
  // A webhook's unreadable event names its fields, as a 422 would.
  400: messageResponse.extend({ errors: validationErrorResponse.shape.errors.optional() }),
  401: messageResponse,
  403: messageResponse,
  404: messageResponse,
  409: messageResponse,
  413: messageResponse,
  422: validationErrorResponse,
  429: messageResponse,
};

/** Each call's name in the contract (`users.show` -> `usersShow`): its OpenAPI operationId. */
const operationIds = new Map<CallDef, string>(
  Object.entries(contract).flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, CallDef>).map(
      ([key, call]) => [call, `${area}${key[0]!.toUpperCase()}${key.slice(1)}`] as const,
    ),
  ),
);

/** A call outside the contract's areas is named after its method and path (`postPaymentsWebhook`). */
const operationIdOf = (call: CallDef) =>
  operationIds.get(call) ??
  `${call.method.toLowerCase()}${call.path
    .split('/')
    .filter((part) => part && !part.startsWith(':'))
    .map((part) => part.replace(/(^|[-_])([a-z])/g, (_, __, c: string) => c.toUpperCase()))
    .join('')}`;

/** What the OpenAPI document says a call needs, beside its 403. */
function describePermission(permission: CallPermission): string {
  if (permission === 'public') return 'Open to anyone: no sign-in.';
  if (permission === 'signedIn') return 'Needs sign-in; what it answers is limited to the user’s scope.';
  return `Needs the permission ${permission.area}.${permission.action} (to ${permissionName(permission.action, permission.area)}); without it, 403. Records outside the user's scope answer 404.`;
}

/** Every call the server registered, so tests can enumerate them. */
export const registeredCalls: CallDef[] = [];

/** Registers one contract call: its schemas validate the input and shape the answer. */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
): void {
  const needsAuth = call.auth !== false;
  const permission = permissionOf(call);
  registeredCalls.push(call);
  // After the token is checked and before the input is read: a refused caller learns nothing of it.
  const permitted =
    typeof permission === 'object'
      ? async (request: FastifyRequest) =>
          requirePermission(request.user as AuthUser, permission.action, permission.area)
      : permission === 'signedIn' && call.method === 'POST'
        ? // A call any signed-in user may make can still write (an upload, their own account):
          // viewing as another role is read-only, so it is refused there.
          async (request: FastifyRequest) => {
            if ((request.user as AuthUser).viewingAs) throw forbidden(VIEWING_IS_READ_ONLY);
          }
        : null;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: `/api/${call.path}`,
    schema: {
      operationId: operationIdOf(call),
      summary: call.summary,
      description: describePermission(permission),
      'x-permission': typeof permission === 'object' ? `${permission.area}.${permission.action}` : permission,
      tags: [call.path.split('/')[0] ?? 'api'],
      // An empty list says the call needs no credentials at all.
      security: needsAuth ? [{ bearer: [] }] : [],
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
      // Multipart bodies are read from the stream by the handler, not parsed here.
      ...(call.body && !call.multipart ? { body: call.body } : {}),
      response: { 200: call.response, ...errorResponses, ...call.failures },
    },
    // Before parsing and validation, so a caller without a valid token learns nothing about the input.
    ...(needsAuth ? { onRequest: permitted ? [app.authenticate, permitted] : app.authenticate } : {}),
    // Every change a call records names the signed-in user, without passing them down. A GET only
    // reads (HTTP's safe method): it runs outside the actor's store, which costs every promise made
    // while it is on (server/domain/history/actor.ts).
    handler: async (request, reply) => {
      const req: CallRequest<C> = {
        params: request.params as Out<C['params']>,
        query: request.query as Out<C['query']>,
        body: request.body as Out<C['body']>,
        user: request.user as AuthUser,
        raw: request,
      };
      if (call.method === 'GET') return handler(req, reply);
      return actingAs(request.user ? { id: request.user.id, name: request.user.name } : null, async () =>
        handler(req, reply),
      );
    },
  });
}
