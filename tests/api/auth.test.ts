import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, databaseKind, insertUser, refreshCookie, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const BAD_CREDENTIALS = 'These credentials do not match our records.';

/** Signs in and keeps both halves of the session: the access token and the refresh cookie. */
async function signIn(email = ADMIN.email, password = ADMIN.password) {
  const res = await server.call('POST', '/api/auth/login', { body: { email, password } });
  expect(res.statusCode).toBe(200);
  const cookie = refreshCookie(res);
  expect(cookie).not.toBeNull();
  return { token: res.json().access_token as string, cookie: cookie! };
}

function refresh(cookie?: string) {
  return server.call('POST', '/api/auth/refresh', cookie ? { headers: { cookie } } : {});
}

function me(token: string) {
  return server.call('GET', '/api/auth/me', { token });
}

describe(`POST /api/auth/login (${databaseKind})`, () => {
  it('gives an access token and sets an HttpOnly refresh cookie scoped to the auth calls', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: expect.any(Number),
    });
    expect(body.access_token.split('.')).toHaveLength(3);

    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^console_refresh=[^;]+;/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('Path=/api/auth');
    expect(header).toContain('SameSite=Strict');
    // The refresh token never appears where scripts can read it.
    expect(res.body).not.toContain(refreshCookie(res)!.split('=')[1]);
  });

  it('accepts the e-mail address in any case and with surrounding spaces', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: { email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password with 422, a message and errors under email and password', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: 'wrong password' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS], password: [BAD_CREDENTIALS] },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown e-mail exactly as it answers a wrong password', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'whatever it is' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: BAD_CREDENTIALS,
      errors: { email: [BAD_CREDENTIALS], password: [BAD_CREDENTIALS] },
    });
  });

  it('refuses missing fields with 422 keyed by field', async () => {
    const res = await server.call('POST', '/api/auth/login', { body: {} });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
    expect(body.errors.email[0]).toEqual(expect.any(String));
    expect(body.errors.password[0]).toEqual(expect.any(String));
  });

  it('refuses a blank password and a malformed e-mail under their own fields', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: { email: 'not an address', password: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['Enter a valid e-mail address.'],
      password: ['Enter your password.'],
    });
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await server.call('POST', '/api/auth/login', {
      body: '{"email": "admin@example.com", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('locks an account for a while after 5 failed sign-ins, even against the right password', async () => {
    const email = 'locked.out@example.com';
    const password = 'the right password';
    await insertUser(server, { name: 'Locked Out', email, password });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const res = await server.call('POST', '/api/auth/login', {
        body: { email, password: `wrong ${attempt}` },
      });
      expect(res.statusCode, `attempt ${attempt}`).toBe(422);
    }
    const res = await server.call('POST', '/api/auth/login', { body: { email, password } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
    expect(res.headers['set-cookie']).toBeUndefined();

    // The lock is per account: others still sign in.
    const other = await server.call('POST', '/api/auth/login', {
      body: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe(`GET /api/auth/me (${databaseKind})`, () => {
  it('returns the signed-in user under data, with the e-mail address', async () => {
    const { token } = await signIn();
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: server.adminId,
      name: ADMIN.name,
      email: ADMIN.email,
      deleted_at: null,
    });
    expect(data).not.toHaveProperty('password');
    expect(data).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(data)).not.toContain('argon2');
  });

  it('refuses a request without a token', async () => {
    const res = await server.call('GET', '/api/auth/me');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe(`POST /api/auth/refresh (${databaseKind})`, () => {
  it('rotates the refresh cookie and gives an access token that works', async () => {
    const first = await signIn();
    const res = await refresh(first.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ refreshed: true, token_type: 'bearer', access_token: expect.any(String) });
    const rotated = refreshCookie(res);
    expect(rotated).not.toBeNull();
    expect(rotated).not.toBe(first.cookie);
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');

    expect((await me(body.access_token)).statusCode).toBe(200);
    // The rotated cookie can itself be used once.
    expect((await refresh(rotated!)).statusCode).toBe(200);
  });

  it('refuses a request without the cookie', async () => {
    const res = await refresh();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses a made-up refresh token', async () => {
    const res = await refresh('console_refresh=made-up-token');
    expect(res.statusCode).toBe(401);
  });

  it('treats a refresh token reused after its successor was used as stolen and ends that whole session', async () => {
    const first = await signIn();
    const second = await refresh(first.cookie);
    expect(second.statusCode).toBe(200);
    const third = await refresh(refreshCookie(second)!);
    expect(third.statusCode).toBe(200);
    const newestCookie = refreshCookie(third)!;
    const newestToken = third.json().access_token as string;

    const reused = await refresh(first.cookie);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'Unauthenticated.' });

    // Every token of the family stops working: the newest cookie and both access tokens.
    expect((await refresh(newestCookie)).statusCode).toBe(401);
    expect((await me(newestToken)).statusCode).toBe(401);
    expect((await me(first.token)).statusCode).toBe(401);

    // Other sessions of the same user are untouched.
    const other = await signIn();
    expect((await me(other.token)).statusCode).toBe(200);
  });
});

describe(`GET /api/auth/logout (${databaseKind})`, () => {
  it('signs out: the access token is refused afterwards and the refresh cookie no longer works', async () => {
    const session = await signIn();
    expect((await me(session.token)).statusCode).toBe(200);

    const res = await server.call('GET', '/api/auth/logout', { token: session.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });
    expect(String(res.headers['set-cookie'])).toMatch(/^console_refresh=;.*Max-Age=0/);

    const after = await me(session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await refresh(session.cookie)).statusCode).toBe(401);
  });

  it('refuses to sign out without a token', async () => {
    const res = await server.call('GET', '/api/auth/logout');
    expect(res.statusCode).toBe(401);
  });
});

describe(`A user moved to the bin (${databaseKind})`, () => {
  it('loses access at once: the access token, the refresh cookie and signing in are all refused', async () => {
    const email = 'binned.soon@example.com';
    const password = 'binned user password';
    const id = await insertUser(server, { name: 'Binned Soon', email, password });
    const theirs = await signIn(email, password);
    expect((await me(theirs.token)).statusCode).toBe(200);

    const admin = await server.login();
    const binned = await server.call('POST', '/api/users/delete', {
      token: admin,
      body: { users: [id], type: 'all' },
    });
    expect(binned.statusCode).toBe(200);

    expect((await me(theirs.token)).statusCode).toBe(401);
    expect((await refresh(theirs.cookie)).statusCode).toBe(401);
    const again = await server.call('POST', '/api/auth/login', { body: { email, password } });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(BAD_CREDENTIALS);
  });
});
