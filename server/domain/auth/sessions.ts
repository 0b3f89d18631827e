import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { refreshTokens, sessions } from '../../db/schema';
import { hashRefreshToken, newRefreshToken } from './tokens';

export interface IssuedSession {
  userId: number;
  sessionId: string;
  refreshToken: string;
}

async function issueRefresh(db: Db, sessionId: string, ttlSeconds: number): Promise<string> {
  const { token, hash } = newRefreshToken();
  await db
    .insert(refreshTokens)
    .values({ hash, sessionId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) });
  return token;
}

export async function createSession(
  db: Db,
  userId: number,
  client: { userAgent?: string; ip?: string },
  ttlSeconds: number,
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  await db.insert(sessions).values({ id: sessionId, userId, userAgent: client.userAgent, ip: client.ip });
  return { userId, sessionId, refreshToken: await issueRefresh(db, sessionId, ttlSeconds) };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Swaps a refresh token for a new one in the same session. A token that was already used
 * means it leaked: the whole session (every token of its family) is revoked.
 */
export async function rotateSession(
  db: Db,
  token: string,
  ttlSeconds: number,
): Promise<IssuedSession | null> {
  const hash = hashRefreshToken(token);
  return db.transaction(async (tx) => {
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
    if (!row || row.revokedAt) return null;
    if (row.usedAt) {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, row.sessionId));
      return null;
    }
    if (row.expiresAt.getTime() <= Date.now()) return null;
    await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.hash, hash));
    const refreshToken = await issueRefresh(tx as unknown as Db, row.sessionId, ttlSeconds);
    return { userId: row.userId, sessionId: row.sessionId, refreshToken };
  });
}
