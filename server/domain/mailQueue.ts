import { and, eq, isNull, lt, or } from 'drizzle-orm';
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
    .set({ claimedAttempt: attempt })
    .where(
      and(
        eq(outboundMails.id, data.mailId),
        isNull(outboundMails.sentAt),
        or(isNull(outboundMails.claimedAttempt), lt(outboundMails.claimedAttempt, attempt)),
      ),
    )
    .returning({ message: outboundMails.message });
  if (!claimed) return;
  await deps.mailer.send(claimed.message);
  await deps.db.update(outboundMails).set({ sentAt: new Date() }).where(eq(outboundMails.id, data.mailId));
}
