import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpCatcher {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived. */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on a free port that keeps every message it receives. */
export async function startSmtp(): Promise<SmtpCatcher> {
  const received: ReceivedMail[] = [];
  const waiters: { count: number; resolve: (mail: ReceivedMail[]) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const waiter of waiters.filter((w) => received.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve([...received]);
        }
        done();
      });
    },
  });
  // A sender killed mid-message resets its connection: that is what these tests do, not a failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded bytes of a base64 attachment named `filename` in a raw MIME message. */
export function attachmentOf(raw: string, filename: string): Buffer {
  const at = raw.indexOf(`filename=${filename}`);
  if (at < 0) throw new Error(`no attachment ${filename}`);
  const bodyStart = raw.indexOf('\n\n', at) >= 0 ? raw.indexOf('\n\n', at) : raw.indexOf('\r\n\r\n', at);
  const end = raw.indexOf('\n--', bodyStart);
  return Buffer.from(raw.slice(bodyStart, end).replace(/\s+/g, ''), 'base64');
}

/** A raw single-part message's headers (names in lower case) and its body, decoded as sent. */
export function singlePart(raw: string): { headers: Record<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of text
    .slice(0, split)
    .replace(/\n[ \t]+/g, ' ')
    .split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  let body = text.slice(split + 2);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/gi, '%25');
    body = decodeURIComponent(bytes.replace(/[^%]/g, (c) => encodeURIComponent(c)));
  }
  return { headers, body };
}
