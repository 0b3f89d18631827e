import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  /** A path on disk (streamed, so large exports need no memory) or the content itself. */
  path?: string;
  content?: Buffer | string;
  contentType?: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface SentMail {
  messageId: string;
  /** The .eml file written when no SMTP server is configured. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://...; without it mail is written to `outboxDir`. */
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
}

/**
 * SMTP connections kept open and shared by the mails being sent: a burst of enquiries (a thousand
 * leads in a minute) is sent over these few, each reused for up to `POOL_MESSAGES` mails, instead
 * of a connection (and its TLS handshake and login) per mail. Five is what mail providers commonly
 * allow one client at once; a `pool=false` or `maxConnections=` in SMTP_URL overrides it.
 */
export const POOL_CONNECTIONS = 5;
export const POOL_MESSAGES = 100;

/**
 * Real mail through nodemailer. With SMTP_URL it is sent, over a pool of connections; without it
 * each message is written, whole and MIME-encoded, as an .eml file in the outbox, so a fresh
 * install can show what it would send: streamed to the file as it is encoded, so a large attachment
 * (an export of a million rows) never sits in memory.
 */
export function createMailer({ smtpUrl, outboxDir, from }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: POOL_CONNECTIONS,
      maxMessages: POOL_MESSAGES,
    });
    return {
      async send(message) {
        const info = await transport.sendMail({ from, ...message });
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: 'unix' });
  return {
    async send(message) {
      await mkdir(outboxDir, { recursive: true });
      const info = await transport.sendMail({ from, ...message });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = join(outboxDir, name);
      // Written aside and renamed, so a reader of the outbox never sees half a message.
      try {
        await pipeline(info.message as Readable, createWriteStream(`${file}.part`));
      } catch (error) {
        await rm(`${file}.part`, { force: true });
        throw error;
      }
      await rename(`${file}.part`, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
