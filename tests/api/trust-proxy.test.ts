import { parseTrustProxy } from '@server/config';
import { sessions } from '@server/db/schema/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestServer, databaseKind, type TestServer } from './harness';

/** Signs in as the admin from a socket address with a given X-Forwarded-For, and reads the address the session was counted under. */
async function countedAddress(server: TestServer, remoteAddress: string, forwardedFor?: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(res.statusCode).toBe(200);
  const sid = JSON.parse(Buffer.from(res.json().access_token.split('.')[1], 'base64url').toString()).sid;
  const [row] = await server.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.id, sid));
  return row!.ip;
}

describe('TRUST_PROXY', () => {
  it('reads a number of hops or a list of proxy addresses, and nothing that means "anyone"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('*')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });
});

describe(`TRUST_PROXY as a list of proxy addresses (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: '10.0.0.1' });
  });
  afterAll(() => server.close());

  it('ignores X-Forwarded-For from a client that reaches the server directly', async () => {
    expect(await countedAddress(server, '203.0.113.5', '198.51.100.1')).toBe('203.0.113.5');
  });

  it('takes the client address the listed proxy passes on', async () => {
    expect(await countedAddress(server, '10.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
  });
});

describe(`TRUST_PROXY as a number of hops (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('counts the address the one proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    // The client forged the first entry; the proxy appended the address it really came from.
    expect(await countedAddress(server, '10.0.0.1', '192.0.2.200, 198.51.100.9')).toBe('198.51.100.9');
  });
});

describe(`Without TRUST_PROXY (${databaseKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ TRUST_PROXY: '' });
  });
  afterAll(() => server.close());

  it('counts the socket address whatever X-Forwarded-For says', async () => {
    expect(await countedAddress(server, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });
});
