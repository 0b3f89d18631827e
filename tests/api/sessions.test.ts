import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createTestServer, databaseKind, insertUser, refreshCookie, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

async function signIn(email = ADMIN.email, password = ADMIN.password) {
  const res = await server.call('POST', '/api/auth/login', { body: { email, password } });
  expect(res.statusCode).toBe(200);
  return { token: res.json().access_token as string, cookie: refreshCookie(res)! };
}

const refresh = (cookie: string) => server.call('POST', '/api/auth/refresh', { headers: { cookie } });
const me = (token: string) => server.call('GET', '/api/auth/me', { token });

describe(`Two tabs refreshing at once (${databaseKind})`, () => {
  it('answers both refreshes of one cookie with the same new session, so both tabs stay signed in', async () => {
    const session = await signIn();
    const [a, b] = await Promise.all([refresh(session.cookie), refresh(session.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(refreshCookie(a)).toBe(refreshCookie(b));
    expect((await me(a.json().access_token)).statusCode).toBe(200);
    expect((await me(b.json().access_token)).statusCode).toBe(200);
    // The shared successor goes on working.
    expect((await refresh(refreshCookie(a)!)).statusCode).toBe(200);
  });

  it('survives ten tabs refreshing the same cookie at once', async () => {
    const session = await signIn();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session.cookie)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => refreshCookie(res))).size).toBe(1);
    expect((await me(answers[9]!.json().access_token)).statusCode).toBe(200);
  });

  it('still ends the whole session when a used refresh token comes back after the grace period', async () => {
    const session = await signIn();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const next = await refresh(session.cookie);
    expect(next.statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 31_000);
    const replay = await refresh(session.cookie);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(refreshCookie(next)!)).statusCode).toBe(401);
    expect((await me(next.json().access_token)).statusCode).toBe(401);
  });
});

describe(`A malformed refresh cookie (${databaseKind})`, () => {
  it.each(['%', '%ff', '%E0%A4%A'])(
    'answers console_refresh=%s with 401, not a server error',
    async (value) => {
      const res = await refresh(`console_refresh=${value}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    },
  );

  it('answers a malformed device cookie as if there were none', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
      headers: { cookie: 'console_device=%E0%A4%A' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe(`Sessions end with a password change or the bin (${databaseKind})`, () => {
  it('ends every session of a user whose password someone else changes', async () => {
    const email = 'changed.by.admin@example.com';
    const id = await insertUser(server, { name: 'Changed By Admin', email, password: 'first password' });
    const theirs = await signIn(email, 'first password');
    const admin = await server.login();

    const res = await server.call('POST', `/api/users/update/${id}`, {
      token: admin,
      body: { name: 'Changed By Admin', email, password: 'second password' },
    });
    expect(res.statusCode).toBe(200);

    expect((await me(theirs.token)).statusCode).toBe(401);
    expect((await refresh(theirs.cookie)).statusCode).toBe(401);
    await signIn(email, 'second password');
  });

  it('ends your other sessions but keeps this one when you change your own password', async () => {
    const email = 'changes.own@example.com';
    const id = await insertUser(server, { name: 'Changes Own', email, password: 'own first password' });
    const laptop = await signIn(email, 'own first password');
    const phone = await signIn(email, 'own first password');

    const res = await server.call('POST', `/api/users/update/${id}`, {
      token: laptop.token,
      body: {
        name: 'Changes Own',
        email,
        password: 'own second password',
        current_password: 'own first password',
      },
    });
    expect(res.statusCode).toBe(200);

    expect((await me(laptop.token)).statusCode).toBe(200);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect((await refresh(phone.cookie)).statusCode).toBe(401);
  });

  it('leaves no session alive that signed in with the old password while it was being changed', async () => {
    const admin = await server.login();
    for (let round = 0; round < 4; round++) {
      const email = `changed.mid.sign.in.${round}@example.com`;
      const id = await insertUser(server, { name: 'Mid Sign In', email, password: 'old password here' });
      const [change, ...logins] = await Promise.all([
        server.call('POST', `/api/users/update/${id}`, {
          token: admin,
          body: { name: 'Mid Sign In', email, password: 'new password here' },
        }),
        ...Array.from({ length: 3 }, () =>
          server.call('POST', '/api/auth/login', {
            body: { email, password: 'old password here' },
            headers: { 'x-forwarded-for': `198.51.100.${200 + round}` },
          }),
        ),
      ]);
      expect(change!.statusCode).toBe(200);
      for (const login of logins) {
        expect([200, 422]).toContain(login.statusCode);
        if (login.statusCode !== 200) continue;
        expect((await me(login.json().access_token)).statusCode).toBe(401);
        expect((await refresh(refreshCookie(login)!)).statusCode).toBe(401);
      }
    }
  });

  it('does not bring back the old sessions of a user who is binned and restored', async () => {
    const email = 'binned.restored@example.com';
    const id = await insertUser(server, { name: 'Binned Restored', email, password: 'binned restored' });
    const theirs = await signIn(email, 'binned restored');
    expect((await me(theirs.token)).statusCode).toBe(200);
    const admin = await server.login();

    const binned = await server.call('POST', '/api/users/delete', {
      token: admin,
      body: { users: [id], type: 'all' },
    });
    expect(binned.statusCode).toBe(200);
    const restored = await server.call('POST', '/api/users/restore', { token: admin, body: { users: [id] } });
    expect(restored.statusCode).toBe(200);

    expect((await me(theirs.token)).statusCode).toBe(401);
    expect((await refresh(theirs.cookie)).statusCode).toBe(401);
    await signIn(email, 'binned restored');
  });

  it('refuses a signed-out access token at once, even right after it was accepted', async () => {
    const session = await signIn();
    // Accepted twice: the second time from what the guard remembers.
    expect((await me(session.token)).statusCode).toBe(200);
    expect((await me(session.token)).statusCode).toBe(200);
    await server.call('GET', '/api/auth/logout', { token: session.token });
    expect((await me(session.token)).statusCode).toBe(401);
  });
});
