import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { login, logout, me, refresh } from '@/api/contract/auth';
import type { Db } from '../db/open';
import { readCookie, setCookie } from '../domain/auth/cookies';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE,
  issueDeviceCookie,
  readDeviceCookie,
} from '../domain/auth/devices';
import {
  accountKey,
  addressKey,
  deviceKey,
  type Limit,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_DEVICE,
  releaseAttempt,
  reserveAttempt,
} from '../domain/auth/limits';
import { dummyHash, verifyPassword } from '../domain/auth/passwords';
import { createSession, revokeSession, rotateSession } from '../domain/auth/sessions';
import type { TokenService } from '../domain/auth/tokens';
import { createAddressHasher } from '../domain/dailySalts';
import { recordChange } from '../domain/history/record';
import { loadImageRows } from '../domain/media/recordImages';
import { transaction } from '../domain/transaction';
import { findUser, findUserByEmail, toUser } from '../domain/users';
import { HttpError, invalid, unauthenticated } from '../http/errors';
import { registerCall } from '../http/route';

const REFRESH_COOKIE = 'console_refresh';
const COOKIE_PATH = '/api/auth';
const BAD_CREDENTIALS = 'These credentials do not match our records.';

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  reply.header('Retry-After', String(retryAfterSeconds));
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

function clearRefreshCookie(reply: FastifyReply): void {
  reply.header('set-cookie', `${REFRESH_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=0`);
}

export function authRoutes(app: FastifyInstance, opts: { db: Db; tokens: TokenService; refreshTtl: number }) {
  const { db, tokens, refreshTtl } = opts;
  const successorOf = (token: string) => tokens.mac('refresh-successor', token);
  const hashAddress = createAddressHasher(db);

  const tokenBody = async (userId: number, sessionId: string) => ({
    access_token: await tokens.sign({ sub: userId, sid: sessionId }),
    token_type: 'bearer' as const,
    expires_in: tokens.ttl,
  });

  const setRefreshCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    setCookie(request, reply, REFRESH_COOKIE, token, { path: COOKIE_PATH, maxAge: refreshTtl });

  /**
   * A browser that signed in to this account before answers only for its own failures; any
   * other client is limited per account and per address, so guesses from elsewhere never lock
   * the owner out of a browser they use.
   */
  async function limitsFor(request: FastifyRequest, email: string, userId: number | null): Promise<Limit[]> {
    const device = readDeviceCookie(tokens, readCookie(request, DEVICE_COOKIE));
    if (device && userId !== null && device.userId === userId) {
      return [{ key: deviceKey(device.deviceId), max: MAX_FAILURES_PER_DEVICE }];
    }
    return [
      { key: accountKey(email), max: MAX_FAILURES_PER_ACCOUNT },
      { key: addressKey(await hashAddress(request.ip)), max: MAX_FAILURES_PER_ADDRESS },
    ];
  }

  registerCall(app, login, async ({ body, raw }, reply) => {
    const user = await findUserByEmail(db, body.email);
    const limits = await limitsFor(raw, body.email, user?.id ?? null);
    const reservation = await reserveAttempt(db, limits);
    if (!reservation.allowed) throw tooManyAttempts(reply, reservation.retryAfterSeconds);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
    const session =
      user && ok && !user.deletedAt
        ? await transaction(db, async (tx) => {
            const session = await createSession(
              tx,
              { id: user.id, checkedHash: user.passwordHash },
              { userAgent: raw.headers['user-agent'], ip: raw.ip },
              refreshTtl,
            );
            if (session) {
              await recordChange(tx, {
                area: 'auth',
                action: 'signed_in',
                actor: { id: user.id, name: user.name },
              });
            }
            return session;
          })
        : null;
    if (!user || !session) {
      await recordChange(db, { area: 'auth', action: 'sign_in_failed', actor: null, detail: body.email });
      throw invalid({ email: BAD_CREDENTIALS, password: BAD_CREDENTIALS }, BAD_CREDENTIALS);
    }
    await releaseAttempt(db, limits);
    setRefreshCookie(raw, reply, session.refreshToken);
    const device = readDeviceCookie(tokens, readCookie(raw, DEVICE_COOKIE));
    if (device?.userId !== user.id) {
      setCookie(raw, reply, DEVICE_COOKIE, issueDeviceCookie(tokens, user.id), {
        path: COOKIE_PATH,
        maxAge: DEVICE_COOKIE_MAX_AGE,
      });
    }
    return tokenBody(user.id, session.sessionId);
  });

  registerCall(app, refresh, async ({ raw }, reply) => {
    const token = readCookie(raw, REFRESH_COOKIE);
    const session = token ? await rotateSession(db, token, refreshTtl, successorOf) : null;
    const user = session ? await findUser(db, session.userId) : null;
    if (!session || !user || user.deletedAt) {
      clearRefreshCookie(reply);
      throw unauthenticated();
    }
    setRefreshCookie(raw, reply, session.refreshToken);
    return { ...(await tokenBody(user.id, session.sessionId)), refreshed: true as const };
  });

  registerCall(app, me, async ({ user }) => {
    const row = await findUser(db, user.id);
    if (!row) throw unauthenticated();
    // The role and scope the session check read for this request: what every call now decides by.
    return {
      data: {
        ...toUser({
          ...row,
          roleName: user.access.role.name,
          avatar: await loadImageRows(db, [row.meta.avatar_id]),
        }),
        role: user.access.role,
        scope: user.access.scope,
      },
    };
  });

  registerCall(app, logout, async ({ user }, reply) => {
    await revokeSession(db, user.sessionId);
    clearRefreshCookie(reply);
    return { message: 'You have been signed out.' };
  });
}
