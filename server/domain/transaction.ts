import { setTimeout as wait } from 'node:timers/promises';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { databaseErrorCode } from '../db/errors';
import type { Db } from '../db/open';

/** PostgreSQL gave up on a transaction to break a lock cycle, or to keep serializable isolation. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 5;

export function isRetryable(error: unknown): boolean {
  return RETRYABLE.has(databaseErrorCode(error) ?? '');
}

/**
 * Runs `work` again when PostgreSQL aborted it as a deadlock victim or a serialization failure:
 * the abort undid everything, so running it again is safe, and the caller never sees a 500 for
 * what was only bad timing. The pause grows and is jittered so the contenders do not collide again.
 */
export async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await wait(Math.random() * 20 * attempt);
    }
  }
}

/** One transaction, retried whole when PostgreSQL aborts it for a deadlock or serialization failure. */
export function transaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  // Drizzle's transaction object has the same query API as the database.
  return retrying(() => db.transaction((tx) => work(tx as unknown as Db)));
}

/**
 * Reads that do not depend on each other: at once on the database's pool, one after another inside
 * a transaction, whose one connection takes one statement at a time (node-postgres queues a second
 * and warns that its next major version will refuse it).
 */
export async function readTogether<T extends readonly (() => unknown)[]>(
  q: Db,
  reads: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Answers = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(q instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers;
}
