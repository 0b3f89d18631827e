import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, insertUser, refreshCookie, type TestServer } from './harness';

interface Received {
  to: string[];
  body: string;
}

let server: TestServer;
let smtp: SMTPServer;
let inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await createTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  inbox = [];
});

const MISSING = 'Enter your current password to change your e-mail or password.';
const WRONG = 'That is not your current password.';

async function signIn(email: string, password: string) {
  const res = await server.call('POST', '/api/auth/login', { body: { email, password } });
  expect(res.statusCode).toBe(200);
  return { token: res.json().access_token as string, cookie: refreshCookie(res)! };
}

function update(token: string, id: number, body: Record<string, unknown>) {
  return server.call('POST', `/api/users/update/${id}`, { token, body });
}

async function newUser(slug: string) {
  const email = `${slug}@example.com`;
  const password = `${slug} password`;
  const id = await insertUser(server, { name: slug, email, password });
  return { id, email, password, name: slug };
}

describe(`Changing your own e-mail or password (${databaseKind})`, () => {
  it('asks for your current password to change your own password', async () => {
    const me = await newUser('own-password');
    const { token } = await signIn(me.email, me.password);

    const missing = await update(token, me.id, {
      name: me.name,
      email: me.email,
      password: 'a new password',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: MISSING, errors: { current_password: [MISSING] } });

    const wrong = await update(token, me.id, {
      name: me.name,
      email: me.email,
      password: 'a new password',
      current_password: 'not my password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [WRONG] });
    // Nothing changed: the old password still signs in.
    await signIn(me.email, me.password);

    const right = await update(token, me.id, {
      name: me.name,
      email: me.email,
      password: 'a new password',
      current_password: me.password,
    });
    expect(right.statusCode).toBe(200);
    await signIn(me.email, 'a new password');
    // Your own change is no news to you: no mail.
    expect(inbox).toEqual([]);
  });

  it('asks for your current password to change your own e-mail, not to change other details', async () => {
    const me = await newUser('own-email');
    const { token } = await signIn(me.email, me.password);

    const missing = await update(token, me.id, { name: me.name, email: 'own-email-new@example.com' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [MISSING] });

    const renamed = await update(token, me.id, { name: 'A New Name', email: me.email.toUpperCase() });
    expect(renamed.statusCode).toBe(200);

    const moved = await update(token, me.id, {
      name: 'A New Name',
      email: 'own-email-new@example.com',
      current_password: me.password,
    });
    expect(moved.statusCode).toBe(200);
    await signIn('own-email-new@example.com', me.password);
  });
});

describe(`Changing someone else's e-mail or password (${databaseKind})`, () => {
  it('ends their sessions and tells them at the old and the new address', async () => {
    const admin = await newUser('acting-admin');
    const target = await newUser('target-user');
    const theirs = await signIn(target.email, target.password);
    const { token } = await signIn(admin.email, admin.password);

    const res = await update(token, target.id, {
      name: target.name,
      email: 'target-user-new@example.com',
      password: 'set by someone else',
    });
    expect(res.statusCode).toBe(200);

    expect((await server.call('GET', '/api/auth/me', { token: theirs.token })).statusCode).toBe(401);
    expect(
      (await server.call('POST', '/api/auth/refresh', { headers: { cookie: theirs.cookie } })).statusCode,
    ).toBe(401);

    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to.sort()).toEqual(['target-user-new@example.com', 'target-user@example.com']);
    expect(inbox[0]!.body).toContain('Subject: Your e-mail address and password were changed');
    expect(inbox[0]!.body).toContain('acting-admin changed the e-mail address and password');
    await signIn('target-user-new@example.com', 'set by someone else');
  });

  it('needs no current password, and leaves their sessions alone when only other details change', async () => {
    const admin = await newUser('second-admin');
    const target = await newUser('renamed-user');
    const theirs = await signIn(target.email, target.password);
    const { token } = await signIn(admin.email, admin.password);

    const res = await update(token, target.id, { name: 'Renamed', email: target.email, telephone: '123' });
    expect(res.statusCode).toBe(200);
    expect((await server.call('GET', '/api/auth/me', { token: theirs.token })).statusCode).toBe(200);
    expect(inbox).toEqual([]);
  });
});
