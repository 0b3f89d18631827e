import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '@/shared/access';
import type { Db } from '../../db/open';
import { roles } from '../../db/schema/roles';
import { sessions, users } from '../../db/schema/users';
import { unauthenticated } from '../../http/errors';
import { liveSessions } from './live';
import type { TokenService } from './tokens';
import { viewedAccess } from './viewAs';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  sessionId: string;
  /** Their role and scope, read with the session (`src/shared/access.ts` decides with them). */
  access: Access;
  /** Their own access while the request views the console as another role (`access` is then that view's). */
  viewingAs?: { own: Access };
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
      request.user = await withView(request, { ...known, sessionId: claims.sid });
      return;
    }
    const generation = live.generation;
    const [found] = await opts.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        roleId: roles.id,
        roleName: roles.name,
        permissions: roles.permissions,
        brandIds: users.scopeBrandIds,
        dealershipIds: users.scopeDealershipIds,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(
        and(
          eq(sessions.id, claims.sid),
          eq(users.id, claims.sub),
          isNull(sessions.revokedAt),
          isNull(users.deletedAt),
        ),
      );
    if (!found) throw unauthenticated();
    const row = {
      id: found.id,
      name: found.name,
      email: found.email,
      access: {
        role: { id: found.roleId, name: found.roleName, permissions: found.permissions },
        scope: { brand_ids: found.brandIds, dealership_ids: found.dealershipIds },
      },
    };
    live.remember(claims.sid, row, generation);
    request.user = await withView(request, { ...row, sessionId: claims.sid });
  });

  /** "View as": the request acts with the viewed role and scope instead (server/domain/auth/viewAs.ts). */
  async function withView(request: FastifyRequest, user: AuthUser): Promise<AuthUser> {
    const viewed = await viewedAccess(opts.db, request, user.access);
    return viewed ? { ...user, access: viewed, viewingAs: { own: user.access } } : user;
  }
});
