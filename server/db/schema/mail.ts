import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { stamps } from './columns';

/** A message for the mail job to send (see server/domain/mailQueue.ts). */
export interface QueuedMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Mail waiting for, or sent by, the mail job. Written in the same transaction as what it tells
 * of, so it is sent even when the process dies right after; `sent_at` keeps a retry from sending
 * it again.
 */
export const outboundMails = pgTable('outbound_mails', {
  id: serial('id').primaryKey(),
  message: jsonb('message').$type<QueuedMessage>().notNull(),
  /** The job attempt that may send it: a later attempt takes over from one whose process died. */
  claimedAttempt: integer('claimed_attempt'),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
  /** Attempts that claimed it so far (one that died mid-send counts too). */
  attempts: integer('attempts').notNull().default(0),
  /** Why the latest attempt failed; cleared once it is sent. */
  lastError: text('last_error'),
  /** Set when the last retry failed: nothing sends it again unless someone asks. */
  failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date', precision: 3 }),
  createdAt: stamps.createdAt,
});
