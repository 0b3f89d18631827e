import type { Access } from '@/shared/access';
import type { Db } from '../../db/open';

export interface LiveSession {
  id: number;
  name: string;
  email: string;
  /** Their role and scope as read with the session: a change to either forgets the session here. */
  access: Access;
}

/** How long a confirmed session is trusted without asking the database again. */
export const LIVE_SESSION_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Sessions the database has confirmed live, per database, so an authenticated request costs no
 * query. Every revocation and every change to a user goes through `forgetSession`/`forgetUser`
 * in this process, so they take effect at once; the short lifetime bounds how long another
 * process sharing the database could still see a session it revoked.
 */
class LiveSessions {
  private readonly entries = new Map<string, { user: LiveSession; until: number }>();
  /**
   * Bumped by every revocation: an answer read from the database before a revocation must not be
   * remembered after it.
   */
  generation = 0;

  get(sessionId: string, userId: number): LiveSession | null {
    const entry = this.entries.get(sessionId);
    if (!entry) return null;
    if (entry.until <= Date.now() || entry.user.id !== userId) {
      this.entries.delete(sessionId);
      return null;
    }
    return entry.user;
  }

  remember(sessionId: string, user: LiveSession, readAtGeneration: number): void {
    if (readAtGeneration !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sessionId, { user, until: Date.now() + LIVE_SESSION_TTL_MS });
  }

  forgetSession(sessionId: string): void {
    this.generation++;
    this.entries.delete(sessionId);
  }

  /** After a role's permissions change: every user holding it asks the database again. */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  forgetUser(userId: number): void {
    this.generation++;
    for (const [sessionId, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(sessionId);
    }
  }
}

const byDatabase = new WeakMap<Db, LiveSessions>();

export function liveSessions(db: Db): LiveSessions {
  let cache = byDatabase.get(db);
  if (!cache) {
    cache = new LiveSessions();
    byDatabase.set(db, cache);
  }
  return cache;
}
