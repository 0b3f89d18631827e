import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { outboundMails, type QueuedMessage } from '../db/schema/mail';
import type { JobContext } from './jobs';
import type { Mailer } from './mail';

export const MAIL_QUEUE = 'mail';

export interface MailJobData {
  mailId: number;
}

/** Queues a job in the caller's transaction; see Jobs.enqueue. */
export type EnqueueWithin = (data: MailJobData, within: Db) => Promise<string>;

/**
 * Records a message and queues its job, both in the caller's transaction: when the transaction
 * commits, the message will be sent even if the process dies the next moment; when it rolls back,
 * neither exists.
 */
export async function queueMail(tx: Db, enqueue: EnqueueWithin, message: QueuedMessage): Promise<number> {
  const [row] = await tx.insert(outboundMails).values({ message }).returning({ id: outboundMails.id });
  await enqueue({ mailId: row!.id }, tx);
  return row!.id;
}

/**
 * Sends one queued message, once. Only the newest attempt of the job may send: an attempt claims
 * the message before sending, and a later attempt (the queue gave up on the earlier one, or its
 * process died) takes the claim over. Once sent, every later attempt only finishes.
 */
export async function sendQueuedMail(
  deps: { db: Db; mailer: Mailer },
  data: MailJobData,
  context: JobContext,
): Promise<void> {
  const attempt = context.attempt ?? 0;
  const [claimed] = await deps.db
    .update(outboundMails)
    .set({ claimedAttempt: attempt, attempts: sql`${outboundMails.attempts} + 1` })
    .where(
      and(
        eq(outboundMails.id, data.mailId),
        isNull(outboundMails.sentAt),
        or(isNull(outboundMails.claimedAttempt), lt(outboundMails.claimedAttempt, attempt)),
      ),
    )
    .returning({ message: outboundMails.message });
  if (!claimed) return;
  try {
    await deps.mailer.send(claimed.message);
  } catch (error) {
    // Kept where the console can show it; after the last retry the mail is failed for good.
    await deps.db
      .update(outboundMails)
      .set({
        lastError: errorText(error),
        ...(context.lastAttempt ? { failedAt: new Date() } : {}),
      })
      .where(eq(outboundMails.id, data.mailId));
    throw error;
  }
  await deps.db
    .update(outboundMails)
    .set({ sentAt: new Date(), lastError: null })
    .where(eq(outboundMails.id, data.mailId));
}

/** What a failed send says, in one line a person can read. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'The mail could not be sent.';
}

/**
 * Sends a failed message again: clears its failure and queues a new job, in the caller's
 * transaction. Only a message that failed for good is taken (one still being retried, or sent,
 * is left alone), so two requests at once queue it once. Whether it was taken.
 */
export async function resendFailedMail(tx: Db, enqueue: EnqueueWithin, mailId: number): Promise<boolean> {
  const [taken] = await tx
    .update(outboundMails)
    .set({ failedAt: null, claimedAttempt: null })
    .where(and(eq(outboundMails.id, mailId), isNotNull(outboundMails.failedAt), isNull(outboundMails.sentAt)))
    .returning({ id: outboundMails.id });
  if (!taken) return false;
  await enqueue({ mailId }, tx);
  return true;
}
