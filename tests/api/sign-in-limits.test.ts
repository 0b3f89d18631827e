import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../server/db/schema/users';
import { pruneLoginFailures } from '../../server/domain/auth/limits';
import { createTestServer, databaseKind, insertUser, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const RETRY = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

/** The device cookie a sign-in set, as a `cookie` request header value. */
function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'console_device');
  expect(cookie, 'a device cookie').toBeDefined();
  return `console_device=${cookie!.value}`;
}

/** A sign-in from one address (the test server trusts one proxy hop), with or without cookies. */
function signIn(email: string, password: string, from: string, cookie?: string) {
  return server.call('POST', '/api/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) },
  });
}

describe(`Sign-in limits under parallel guesses (${databaseKind})`, () => {
  it('checks at most 5 passwords for one account however many guesses arrive at once', async () => {
    const email = 'parallel.target@example.com';
    const password = 'the parallel password';
    await insertUser(server, { name: 'Parallel Target', email, password });

    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(email, `wrong guess ${i}`, '203.0.113.1')),
    );
    const statuses = guesses.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);

    // The right password is not even checked now from an unknown client.
    const right = await signIn(email, password, '203.0.113.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(RETRY);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(right.headers['set-cookie']).toBeUndefined();
  });
});

describe(`Sign-in limits cannot lock the owner out (${databaseKind})`, () => {
  it('gives a browser that signed in before a long-lived HttpOnly device cookie', async () => {
    const email = 'device.owner@example.com';
    await insertUser(server, { name: 'Device Owner', email, password: 'device owner password' });
    const res = await signIn(email, 'device owner password', '203.0.113.2');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'console_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie!.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
  });

  it('lets the owner sign in from their own browser while guesses from elsewhere lock the account', async () => {
    const email = 'owner.under.attack@example.com';
    const password = 'owner under attack';
    await insertUser(server, { name: 'Owner Under Attack', email, password });
    const first = await signIn(email, password, '198.51.100.20');
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);

    for (let i = 0; i < 5; i++) {
      expect((await signIn(email, `attacker guess ${i}`, '203.0.113.66')).statusCode).toBe(422);
    }
    // Unknown clients are refused, wherever they come from, even with the right password...
    expect((await signIn(email, password, '203.0.113.66')).statusCode).toBe(429);
    expect((await signIn(email, password, '198.51.100.20')).statusCode).toBe(429);
    // ...but the browser the owner signed in with before is not.
    const owner = await signIn(email, password, '198.51.100.20', device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().access_token).toEqual(expect.any(String));
  });

  it('does not let failures on random e-mails from an office address lock its users out of their browsers', async () => {
    const email = 'office.worker@example.com';
    const password = 'office worker password';
    await insertUser(server, { name: 'Office Worker', email, password });
    const office = '192.0.2.77';
    const device = deviceCookie(await signIn(email, password, office));

    const failures = await Promise.all(
      Array.from({ length: 31 }, (_, i) => signIn(`random.${i}@example.com`, 'guess', office)),
    );
    expect(failures.filter((res) => res.statusCode === 422)).toHaveLength(30);
    expect(failures.filter((res) => res.statusCode === 429)).toHaveLength(1);

    // The address is limited for unknown clients...
    expect((await signIn(email, password, office)).statusCode).toBe(429);
    // ...and the worker's own browser signs in all the same.
    expect((await signIn(email, password, office, device)).statusCode).toBe(200);
  });

  it('does not accept a device cookie of another account, or one that was tampered with', async () => {
    const victim = 'locked.victim@example.com';
    const password = 'locked victim password';
    await insertUser(server, { name: 'Locked Victim', email: victim, password });
    await insertUser(server, { name: 'Other Account', email: 'other.account@example.com', password });
    const others = deviceCookie(await signIn('other.account@example.com', password, '198.51.100.30'));

    for (let i = 0; i < 5; i++) await signIn(victim, `guess ${i}`, '203.0.113.99');
    expect((await signIn(victim, password, '198.51.100.30', others)).statusCode).toBe(429);

    const [name, value] = others.split('=') as [string, string];
    const [, deviceId, signature] = value.split('.') as [string, string, string];
    // The same device id and signature under another user id: the signature no longer matches.
    const moved = `${name}=${encodeURIComponent(`1.${deviceId}.${signature}`)}`;
    expect((await signIn(victim, password, '198.51.100.30', moved)).statusCode).toBe(429);
  });

  it('still limits a known browser that keeps failing', async () => {
    const email = 'forgetful.owner@example.com';
    const password = 'forgetful owner password';
    await insertUser(server, { name: 'Forgetful Owner', email, password });
    const device = deviceCookie(await signIn(email, password, '198.51.100.40'));
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(email, `forgot ${i}`, '198.51.100.40', device)),
    );
    expect(guesses.filter((res) => res.statusCode === 422)).toHaveLength(10);
    expect((await signIn(email, password, '198.51.100.40', device)).statusCode).toBe(429);
  });
});

describe(`Sign-in counters are forgotten once their window ends (${databaseKind})`, () => {
  it('prunes ended windows and keeps the ones still counting', async () => {
    const { db } = server.database;
    await db.insert(loginFailures).values([
      { key: 'ip:192.0.2.200', failures: 30, windowStart: sql`now() - interval '16 minutes'` },
      { key: 'email:ended@example.com', failures: 5, windowStart: sql`now() - interval '1 hour'` },
      { key: 'ip:192.0.2.201', failures: 3, windowStart: sql`now() - interval '1 minute'` },
    ]);
    expect(await pruneLoginFailures(db)).toBeGreaterThanOrEqual(2);
    const left = await db.select({ key: loginFailures.key }).from(loginFailures);
    const keys = left.map((row) => row.key);
    expect(keys).toContain('ip:192.0.2.201');
    expect(keys).not.toContain('ip:192.0.2.200');
    expect(keys).not.toContain('email:ended@example.com');
    // A counter still in its window keeps limiting after the sweep.
    const kept = await db.select().from(loginFailures).where(eq(loginFailures.key, 'ip:192.0.2.201'));
    expect(kept[0]?.failures).toBe(3);
  });
});

describe(`Sign-in limits keep no address (${databaseKind})`, () => {
  it('counts failures per address without storing the address, and still refuses past the limit', async () => {
    const from = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await signIn(`nobody.${i}@example.com`, 'wrong', from)).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
    const keys = (await server.database.db.select({ key: loginFailures.key }).from(loginFailures)).map(
      (row) => row.key,
    );
    expect(keys.filter((key) => key.startsWith('ip:')).length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(from))).toBe(false);
  });
});
