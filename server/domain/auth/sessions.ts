import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { refreshTokens, sessions, users } from '../../db/schema/users';
import { liveSessions } from './live';
import { hashRefreshToken, newRefreshToken } from './tokens';

export interface IssuedSession {
  userId: number;
  sessionId: string;
  refreshToken: string;
}

/**
 * How long a used refresh token is still answered with the token that replaced it. Tabs of one
 * browser share the cookie and may refresh at the same moment; a replay after this still ends
 * the session.
 */
export const REFRESH_GRACE_MS = 30_000;

/** The token that replaces `token`: derived under the app's secret, so a retry gets the same one. */
export type SuccessorOf = (token: string) => string;

async function storeRefresh(db: Db, sessionId: string, token: string, ttlSeconds: number): Promise<void> {
  await db.insert(refreshTokens).values({
    hash: hashRefreshToken(token),
    sessionId,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
}

/**
 * Starts a session for a user whose password was just checked against `checkedHash`. The row is
 * written only while that is still their password and they are not in the bin: a password
 * change or a bin that lands during the check (which takes a while, by design) wins, and null
 * is answered. The user row is share-locked meanwhile, so a change waits for this session to
 * exist and then ends it with the others.
 */
export async function createSession(
  db: Db,
  user: { id: number; checkedHash: string },
  client: { userAgent?: string; ip?: string },
  ttlSeconds: number,
): Promise<IssuedSession | null> {
  const sessionId = randomUUID();
  const { token } = newRefreshToken();
  const created = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.checkedHash), isNull(users.deletedAt)))
      .for('share');
    if (!current) return false;
    await tx
      .insert(sessions)
      .values({ id: sessionId, userId: user.id, userAgent: client.userAgent, ip: client.ip });
    await storeRefresh(tx as unknown as Db, sessionId, token, ttlSeconds);
    return true;
  });
  return created ? { userId: user.id, sessionId, refreshToken: token } : null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  liveSessions(db).forgetSession(sessionId);
}

/**
 * Ends every session of these users (but `keep`, the caller's own): their refresh tokens and
 * access tokens stop working at once.
 */
export async function revokeUserSessions(db: Db, userIds: number[], keep?: string): Promise<void> {
  if (!userIds.length) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        inArray(sessions.userId, userIds),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.id, keep) : undefined,
      ),
    );
  const live = liveSessions(db);
  for (const id of userIds) live.forgetUser(id);
}

type Rotation = { issued: IssuedSession } | { issued: null; revoked?: string };

/**
 * Swaps a refresh token for its successor in the same session. A token already used is answered
 * with the same successor within the grace period (a second tab asking at the same moment);
 * after that, or once the successor is itself used, it means the token leaked: the whole session
 * (every token of its family) is revoked.
 */
export async function rotateSession(
  db: Db,
  token: string,
  ttlSeconds: number,
  successorOf: SuccessorOf,
): Promise<IssuedSession | null> {
  const hash = hashRefreshToken(token);
  const result = await db.transaction(async (tx): Promise<Rotation> => {
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
        revokedAt: sessions.revokedAt,
        userId: sessions.userId,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.hash, hash))
      .for('update');
    if (!row || row.revokedAt) return { issued: null };
    const successor = successorOf(token);
    const issued = { userId: row.userId, sessionId: row.sessionId, refreshToken: successor };
    if (row.usedAt) {
      if (Date.now() - row.usedAt.getTime() <= REFRESH_GRACE_MS) {
        const [next] = await tx
          .select({ usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.hash, hashRefreshToken(successor)));
        if (next && !next.usedAt && next.expiresAt.getTime() > Date.now()) return { issued };
      }
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.sessionId));
      return { issued: null, revoked: row.sessionId };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { issued: null };
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.hash, hash));
    await storeRefresh(tx as unknown as Db, row.sessionId, successor, ttlSeconds);
    return { issued };
  });
  // After the commit, so a request checked in between cannot keep the session alive.
  if (!result.issued && result.revoked) liveSessions(db).forgetSession(result.revoked);
  return result.issued;
}
