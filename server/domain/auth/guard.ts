import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/open';
import { sessions, users } from '../../db/schema/users';
import { unauthenticated } from '../../http/errors';
import { liveSessions } from './live';
import type { TokenService } from './tokens';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Checks the bearer token, then that its session is live and its user is not in the bin, in one
 * query by primary keys whose answer is kept for a few seconds; sign-out, binning and a password
 * change revoke sessions through functions that drop the kept answer, so they take effect at once.
 */
export const authGuard = fp(async (app: FastifyInstance, opts: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await opts.tokens.verify(token) : null;
    if (!claims) throw unauthenticated();
    const live = liveSessions(opts.db);
    const known = live.get(claims.sid, claims.sub);
    if (known) {
      request.user = { ...known, sessionId: claims.sid };
      return;
    }
    const generation = live.generation;
    const [row] = await opts.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claims.sid),
          eq(users.id, claims.sub),
          isNull(sessions.revokedAt),
          isNull(users.deletedAt),
        ),
      );
    if (!row) throw unauthenticated();
    live.remember(claims.sid, row, generation);
    request.user = { ...row, sessionId: claims.sid };
  });
});
