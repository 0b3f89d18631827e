import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A CRM whose mail server refuses its first attempts: a lead to it fails, and a Resend gets through. */
export const FLAKY_CRM_DOMAIN = 'flaky-crm.example';
/** Attempts refused per address there: the first send and the browser tests' one retry (MAIL_RETRIES). */
export const FLAKY_REFUSALS = 2;

/**
 * The browser tests' mail server: takes every message the console sends, except that an address at
 * FLAKY_CRM_DOMAIN is refused at RCPT on its first FLAKY_REFUSALS attempts.
 */
export async function startMailbox(): Promise<{ url: string; close(): Promise<void> }> {
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, done) {
      const to = address.address.toLowerCase();
      if (to.endsWith(`@${FLAKY_CRM_DOMAIN}`)) {
        const times = refused.get(to) ?? 0;
        if (times < FLAKY_REFUSALS) {
          refused.set(to, times + 1);
          done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
      }
      done();
    },
    onData(stream, _session, done) {
      stream.on('end', () => done());
      stream.resume();
    },
  });
  // A sender that goes away mid-message resets its connection: not a failure of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
