import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '@server/domain/mail';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const from = 'Console <no-reply@example.com>';

describe('mail', () => {
  let outbox: string;
  beforeAll(() => {
    outbox = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));

  it('writes each message as a whole .eml file to the outbox when no SMTP server is set', async () => {
    const mailer = createMailer({ smtpUrl: null, outboxDir: outbox, from });
    const sent = await mailer.send({
      to: 'sales@example.com',
      subject: 'Your export is ready',
      text: 'Attached.',
      attachments: [{ filename: 'export.csv', content: 'a,b\n1,2\n' }],
    });
    expect(readdirSync(outbox)).toEqual([sent.file?.split('/').pop()]);
    const eml = readFileSync(sent.file!, 'utf8');
    expect(eml).toContain('To: sales@example.com');
    expect(eml).toContain('Subject: Your export is ready');
    expect(eml).toContain('filename=export.csv');
  });

  it('streams a large attachment into the outbox instead of holding the message in memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'outbox-large-'));
    try {
      // 48 MB of attachment: 65 MB once base64-encoded into the message.
      const attachment = join(dir, 'export.xlsx');
      writeFileSync(attachment, randomBytes(48 * 1024 * 1024));
      const mailer = createMailer({ smtpUrl: null, outboxDir: join(dir, 'outbox'), from });
      const start = process.memoryUsage();
      let peak = 0;
      const sample = setInterval(() => {
        const now = process.memoryUsage();
        peak = Math.max(peak, now.arrayBuffers - start.arrayBuffers + now.heapUsed - start.heapUsed);
      }, 5);
      const sent = await mailer.send({
        to: 'sales@example.com',
        subject: 'Your export',
        text: 'Attached.',
        attachments: [{ filename: 'export.xlsx', path: attachment }],
      });
      clearInterval(sample);
      mailer.close();
      expect(statSync(sent.file!).size).toBeGreaterThan(64 * 1024 * 1024);
      expect(readdirSync(join(dir, 'outbox'))).toEqual([sent.file?.split('/').pop()]);
      expect(peak / 1024 / 1024).toBeLessThan(32);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const received: { to: string[]; body: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            body: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, outboxDir: outbox, from });
    try {
      await mailer.send({ to: ['a@example.com', 'b@example.com'], subject: 'Hello', text: 'Body text' });
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['a@example.com', 'b@example.com']);
      expect(received[0]!.body).toContain('Subject: Hello');
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
