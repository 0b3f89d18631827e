import { databaseErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import type { Db } from '../../db/open';

const DEADLOCK = '40P01';
const SERIALIZATION_FAILURE = '40001';
const ATTEMPTS = 5;

/**
 * Runs `work` in one transaction, again from the start when PostgreSQL gave up on it for a
 * reason that a second try settles: a deadlock, a serialization failure, or a unique slug that a
 * write under another parent took at the same moment (the retry then picks the next free one).
 */
export async function treeTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      const code = databaseErrorCode(error);
      const retryable = code === DEADLOCK || code === SERIALIZATION_FAILURE || code === UNIQUE_VIOLATION;
      if (!retryable || attempt >= ATTEMPTS) throw error;
      // A short, growing, jittered pause lets the other transaction finish first.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10));
    }
  }
}

/** The rows of a raw query, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
