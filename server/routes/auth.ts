import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { login, logout, me, refresh } from '@/api/contract/auth';
import type { Db } from '../db/open';
import {
  accountKey,
  addressKey,
  clearFailures,
  minutesUntilAllowed,
  recordFailure,
} from '../domain/auth/limits';
import { dummyHash, verifyPassword } from '../domain/auth/passwords';
import { createSession, revokeSession, rotateSession } from '../domain/auth/sessions';
import type { TokenService } from '../domain/auth/tokens';
import { findUser, findUserByEmail, toUser } from '../domain/users';
import { HttpError, invalid, unauthenticated } from '../http/errors';
import { registerCall } from '../http/route';

const REFRESH_COOKIE = 'console_refresh';
const COOKIE_PATH = '/api/auth';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

function readCookie(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${REFRESH_COOKIE}=${encodeURIComponent(token)}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
  );
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0`);
}

export function authRoutes(app: FastifyInstance, opts: { db: Db; tokens: TokenService; refreshTtl: number }) {
  const { db, tokens, refreshTtl } = opts;

  const tokenBody = async (userId: number, sessionId: string) => ({
    access_token: await tokens.sign({ sub: userId, sid: sessionId }),
    token_type: 'bearer' as const,
    expires_in: tokens.ttl,
  });

  registerCall(app, login, async ({ body, raw }, reply) => {
    const keys = [accountKey(body.email), addressKey(raw.ip)];
    const wait = await minutesUntilAllowed(db, keys);
    if (wait > 0) {
      throw new HttpError(
        429,
        `Too many failed sign-in attempts. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
      );
    }
    const user = await findUserByEmail(db, body.email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
    if (!user || !ok || user.deletedAt) {
      await recordFailure(db, keys);
      throw invalid({ email: BAD_CREDENTIALS, password: BAD_CREDENTIALS }, BAD_CREDENTIALS);
    }
    await clearFailures(db, [keys[0]!]);
    const session = await createSession(
      db,
      user.id,
      { userAgent: raw.headers['user-agent'], ip: raw.ip },
      refreshTtl,
    );
    setRefreshCookie(raw, reply, session.refreshToken, refreshTtl);
    return tokenBody(user.id, session.sessionId);
  });

  registerCall(app, refresh, async ({ raw }, reply) => {
    const token = readCookie(raw, REFRESH_COOKIE);
    const session = token ? await rotateSession(db, token, refreshTtl) : null;
    const user = session ? await findUser(db, session.userId) : null;
    if (!session || !user || user.deletedAt) {
      clearRefreshCookie(reply);
      throw unauthenticated();
    }
    setRefreshCookie(raw, reply, session.refreshToken, refreshTtl);
    return { ...(await tokenBody(user.id, session.sessionId)), refreshed: true as const };
  });

  registerCall(app, me, async ({ user }) => {
    const row = await findUser(db, user.id);
    if (!row) throw unauthenticated();
    return { data: toUser(row) };
  });

  registerCall(app, logout, async ({ user }, reply) => {
    await revokeSession(db, user.sessionId);
    clearRefreshCookie(reply);
    return { message: 'You have been signed out.' };
  });
}
