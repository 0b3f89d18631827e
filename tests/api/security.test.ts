import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registeredCalls } from '@server/http/route';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallDef, fillPath } from '@/api/contract/define';
import { STRIPE_TEST_KEY, type StripeApi, startStripeApi } from '../stripeApi';
import {
  fieldPaths,
  fuzzBody,
  HOSTILE_NUMBERS,
  HOSTILE_STRINGS,
  HOSTILE_VALUES,
  messagesOf,
  plausible,
  querySchemaOf,
  RAW_BODIES,
  random,
  schemaOf,
  WRONG_QUERY_VALUES,
  WRONG_VALUES,
  withValueAt,
} from './fuzz';
import { createTestServer, databaseKind, insertUser, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

let server: TestServer;
/** The admin's session the forged tokens claim to belong to. */
let session: { sub: string; sid: string };
/** The app's real signing key, as it keeps it in the data directory. */
let secret: Uint8Array;
let token: string;
/** A user that fuzzed updates may change, so the admin's own account stays as it is. */
let targetId: number;
let calls: CallDef[];
let stripe: StripeApi;

beforeAll(async () => {
  // Refunds are configured, so fuzzed refunds meet the checks a real server makes, Stripe's included.
  stripe = await startStripeApi();
  server = await createTestServer({ STRIPE_SECRET_KEY: STRIPE_TEST_KEY, STRIPE_API_BASE: stripe.base });
  token = await server.login();
  const claims = decodeJwt(token);
  session = { sub: String(claims.sub), sid: String(claims.sid) };
  secret = Buffer.from(readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim(), 'base64');
  targetId = await insertUser(server, { name: 'Fuzz Target', email: 'fuzz.target@example.com' });
  // One entry per method and path, in case a call was registered twice.
  const unique = new Map(registeredCalls.map((call) => [`${call.method} ${call.path}`, call]));
  calls = [...unique.values()];
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

function urlOf(call: CallDef, id: number): string {
  return `/api/${fillPath(call.path, { id })}`;
}

function label(call: CallDef): string {
  return `${call.method} /api/${call.path}`;
}

const protectedCalls = () => calls.filter((call) => call.auth !== false);

/** An HS token over the given claims: the right shape, signed with whatever key and algorithm a test picks. */
function signToken(
  key: Uint8Array,
  options: { exp?: number; alg?: string; claims?: Record<string, unknown>; sub?: string } = {},
): Promise<string> {
  return new SignJWT({ sid: session.sid, ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(options.sub ?? session.sub)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? nowSeconds() + 600)
    .sign(key);
}

/** Sends a call the way an attacker might: no body, a junk body, or a junk query, all with the given header. */
async function attempts(
  call: CallDef,
  authorization: string | null,
): Promise<[string, LightMyRequestResponse][]> {
  const url = urlOf(call, server.adminId);
  const headers: Record<string, string> = authorization === null ? {} : { authorization };
  const tries: [string, LightMyRequestResponse][] = [
    [`${label(call)} without a body`, await server.call(call.method, url, { headers })],
  ];
  if (call.method === 'POST') {
    tries.push([
      `${label(call)} with a junk body`,
      await server.call('POST', url, { headers, body: { users: 'abc', type: 'everything', name: '' } }),
    ]);
  } else {
    tries.push([
      `${label(call)} with a junk query`,
      await server.call('GET', `${url}?page=abc&search=%00`, { headers }),
    ]);
  }
  return tries;
}

/**
 * The bound for a test that tries every protected call in turn (a few hundred requests): seconds
 * alone, many times that on a busy machine; it is for a test that hangs, not a speed check.
 */
const EVERY_CALL_MS = 120_000;

async function expectRefusedEverywhere(authorization: () => Promise<string | null> | string | null) {
  const checked: string[] = [];
  for (const call of protectedCalls()) {
    for (const [what, res] of await attempts(call, await authorization())) {
      expect(res.statusCode, what).toBe(401);
      expect(res.json(), what).toEqual(UNAUTHENTICATED);
      checked.push(what);
    }
  }
  return checked;
}

describe(`Every protected call (${databaseKind})`, () => {
  it('is enumerated from the registered routes, including the ones this suite knows of', () => {
    const names = protectedCalls().map(label);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /api/auth/me',
        'GET /api/auth/logout',
        'GET /api/users',
        'GET /api/users/show/:id',
        'POST /api/users/validation',
        'POST /api/users/create',
        'POST /api/users/update/:id',
        'POST /api/users/delete',
        'POST /api/users/restore',
        'POST /api/media/upload',
      ]),
    );
    // Only sign-in, refresh, the website's form submission and page views, the payment provider's
    // webhook (checked by its signature) and the delivery API's reads work without a token.
    expect(calls.filter((call) => call.auth === false).map(label)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/refresh',
        'POST /api/payments/webhook',
      ]),
    );
    const open = calls.filter((call) => call.auth === false);
    expect(open.filter((call) => !call.path.startsWith('site/'))).toHaveLength(5);
    // Every delivery API call only reads.
    expect(open.filter((call) => call.path.startsWith('site/')).map((call) => call.method)).toEqual(
      Array(7).fill('GET'),
    );
  });

  it('accepts a token built the same way with the app’s own secret (so the refusals below mean something)', async () => {
    // One session for every call; signing out, which ends it, comes last.
    const ordered = protectedCalls().sort(
      (a, b) => Number(a.path === 'auth/logout') - Number(b.path === 'auth/logout'),
    );
    expect(ordered.at(-1)?.path).toBe('auth/logout');
    const claims = decodeJwt(await server.login());
    const forged = await signToken(secret, { sub: String(claims.sub), claims: { sid: claims.sid } });
    for (const call of ordered) {
      const res = await server.call(call.method, urlOf(call, server.adminId), {
        headers: { authorization: `Bearer ${forged}` },
        ...(call.method === 'POST' ? { body: {} } : {}),
      });
      expect(res.statusCode, label(call)).not.toBe(401);
      expect(res.statusCode, label(call)).toBeLessThan(500);
    }
  }, 120_000);

  it(
    'refuses a request without a token with 401 Unauthenticated.',
    async () => {
      const checked = await expectRefusedEverywhere(() => null);
      expect(checked.length).toBeGreaterThanOrEqual(2 * 10);
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses a token signed with another secret',
    async () => {
      const other = new TextEncoder().encode('another secret that is 32 bytes long!');
      await expectRefusedEverywhere(async () => `Bearer ${await signToken(other)}`);
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses an expired token signed with the app’s own secret',
    async () => {
      await expectRefusedEverywhere(
        async () => `Bearer ${await signToken(secret, { exp: nowSeconds() - 60 })}`,
      );
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses an unsigned token (alg none)',
    async () => {
      const unsigned = new UnsecuredJWT({ sid: session.sid })
        .setSubject(session.sub)
        .setIssuedAt()
        .setExpirationTime(nowSeconds() + 600)
        .encode();
      expect(unsigned.endsWith('.')).toBe(true);
      await expectRefusedEverywhere(() => `Bearer ${unsigned}`);
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses a token signed with the right secret but another algorithm',
    async () => {
      await expectRefusedEverywhere(async () => `Bearer ${await signToken(secret, { alg: 'HS512' })}`);
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses a real token whose claims were changed after signing',
    async () => {
      const [header, , signature] = token.split('.');
      const claims = { ...decodeJwt(token), sub: String(targetId) };
      const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
      await expectRefusedEverywhere(() => `Bearer ${tampered}`);
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses a validly signed token that names a session of another user or no session at all',
    async () => {
      await expectRefusedEverywhere(
        async () => `Bearer ${await signToken(secret, { sub: String(targetId) })}`,
      );
      await expectRefusedEverywhere(
        async () =>
          `Bearer ${await signToken(secret, { claims: { sid: '00000000-0000-4000-8000-000000000000' } })}`,
      );
      await expectRefusedEverywhere(
        async () => `Bearer ${await signToken(secret, { claims: { sid: 'not-a-uuid' } })}`,
      );
      for (const sub of ['2147483648', 'abc', '0', '-1', '1.5']) {
        await expectRefusedEverywhere(async () => `Bearer ${await signToken(secret, { sub })}`);
      }
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses malformed authorization headers',
    async () => {
      for (const header of [
        'Bearer',
        'Bearer ',
        'Bearer not-a-jwt',
        'Bearer a.b.c',
        `Basic ${token}`,
        `Bearer ${token} extra`,
        token,
      ]) {
        await expectRefusedEverywhere(() => header);
      }
    },
    EVERY_CALL_MS,
  );

  it(
    'refuses the tokens of a session that was signed out',
    async () => {
      const ended = await server.login();
      expect((await server.call('GET', '/api/auth/logout', { token: ended })).statusCode).toBe(200);
      await expectRefusedEverywhere(() => `Bearer ${ended}`);
    },
    EVERY_CALL_MS,
  );
});

describe(`GET /storage/* (${databaseKind})`, () => {
  it('never serves files from outside the storage folder', async () => {
    const secretText = readFileSync(join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    for (const path of [
      '/storage/../jwt-secret',
      '/storage/..%2fjwt-secret',
      '/storage/%2e%2e/jwt-secret',
      '/storage/%2e%2e%2fjwt-secret',
      '/storage/avatar/..%2f..%2fjwt-secret',
      '/storage/..\\jwt-secret',
    ]) {
      const res = await server.call('GET', path);
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.body, path).not.toContain(secretText);
    }
  });
});

function expectNoServerError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.json(), what).toEqual(expect.objectContaining({ message: expect.any(String) }));
  }
}

describe(`Fuzzed input (${databaseKind})`, () => {
  // Random bodies per call and run. Each database takes bodies of its own (the seeds differ), so a
  // run on both tries twice ROUNDS distinct bodies per call; the seeds are fixed, so a failure
  // repeats. The hostile-value sweep below covers every field of every call whatever this says.
  const ROUNDS = 30;
  const seed = (base: number) => (databaseKind === 'pglite' ? base : base + 1_000_003);

  // Fuzzed sign-ins fail, and failures are limited per address: they come from an address of their own.
  function postJson(url: string, body: string) {
    return server.call('POST', url, {
      token,
      body,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
    });
  }

  /**
   * Each fuzz makes thousands of calls: about ten seconds alone, several times that beside other test
   * files on two cores. The bound is for a call that hangs, not a speed check.
   */
  const FUZZ_TIMEOUT_MS = 180_000;

  it(
    'never makes a POST call answer with a server error when one field at a time holds a hostile value',
    async () => {
      const rng = random(1, [1, 2, 3, targetId]);
      const succeeded = new Set<string>();
      for (const call of calls.filter((c) => c.method === 'POST')) {
        const schema = schemaOf(call);
        const url = urlOf(call, targetId);
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          const values =
            property.type === 'array'
              ? [...HOSTILE_VALUES, ...HOSTILE_VALUES.map((v) => [v])]
              : HOSTILE_VALUES;
          for (const value of values) {
            const body = { ...(plausible(rng, schema) as Record<string, unknown>), [key]: value };
            const res = await postJson(url, JSON.stringify(body));
            if (res.statusCode === 200) succeeded.add(label(call));
            expectNoServerError(res, `${label(call)} ${key}=${JSON.stringify(value)?.slice(0, 80)}`);
          }
        }
      }
      // Some hostile values are valid input (unicode names, quotes): those reached the database.
      expect(succeeded).toContain('POST /api/users/create');
      expect(succeeded).toContain('POST /api/users/update/:id');
      expect((await server.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never makes a POST call answer with a server error, whatever the body',
    async () => {
      const rng = random(seed(20_240_611), [1, 2, 3, targetId]);
      for (const call of calls.filter((c) => c.method === 'POST')) {
        const schema = schemaOf(call);
        const url = urlOf(call, targetId);
        for (let round = 0; round < ROUNDS; round++) {
          const body = JSON.stringify(fuzzBody(rng, schema));
          expectNoServerError(
            await postJson(url, body),
            `${label(call)} round ${round}: ${body?.slice(0, 300)}`,
          );
        }
        for (const raw of RAW_BODIES) {
          expectNoServerError(await postJson(url, raw), `${label(call)} raw ${raw.slice(0, 60)}`);
        }
      }
      // The admin's own session survived all of it.
      expect((await server.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    'never makes a GET call answer with a server error, whatever its query',
    async () => {
      const rng = random(seed(7));
      const values = [...HOSTILE_STRINGS.slice(0, -1), ...HOSTILE_NUMBERS.map(String), 'z'.repeat(500)];
      // Signing out would end the session the fuzz runs on.
      for (const call of calls.filter((c) => c.method === 'GET' && c.path !== 'auth/logout')) {
        for (let round = 0; round < ROUNDS; round++) {
          const params = new URLSearchParams();
          for (let i = rng.int(4); i > 0; i--) {
            params.append(
              rng.pick(['search', 'page', 'perPage', 'id', 'page[]', 'search[a]']),
              rng.pick(values),
            );
          }
          const id = rng.pick([String(targetId), '0', '-1', '2147483648', 'abc', '%00', '1e3', '%2e%2e']);
          const url = `/api/${call.path.replace(':id', id)}?${params.toString()}`;
          expectNoServerError(
            await server.call('GET', url, { token }),
            `${label(call)} ${url.slice(0, 200)}`,
          );
        }
      }
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "words every refusal of every call's fields in the product's own sentences, never zod's",
    async () => {
      const rng = random(5, [1, 2, 3, targetId]);
      const zodWords = /expected|Invalid input|Too big|Too small|received/;
      const refused: string[] = [];
      const worded: string[] = [];
      const check = (res: LightMyRequestResponse, what: string) => {
        if (res.statusCode < 400) return;
        refused.push(what);
        for (const message of messagesOf(res.json()))
          if (zodWords.test(message)) worded.push(`${what}: ${message}`);
      };
      for (const call of calls) {
        if (call.path === 'auth/logout') continue;
        const url = `/api/${call.path.replace(/:[a-z_]+/gi, String(targetId))}`;
        for (const { path } of fieldPaths(querySchemaOf(call))) {
          for (const value of WRONG_QUERY_VALUES) {
            const query = new URLSearchParams({ [path.join('.')]: value });
            check(await server.call(call.method, `${url}?${query}`, { token }), `${label(call)} ?${path}`);
          }
        }
        if (call.method !== 'POST') continue;
        const schema = schemaOf(call);
        for (const { path } of fieldPaths(schema)) {
          for (const value of WRONG_VALUES) {
            const body = withValueAt(plausible(rng, schema), path, value);
            check(await postJson(url, JSON.stringify(body)), `${label(call)} ${path.join('.')}`);
          }
        }
      }
      expect(worded).toEqual([]);
      // The walk reached the checks of many calls, not only a refusal at the door.
      expect(refused.length).toBeGreaterThan(500);
    },
    FUZZ_TIMEOUT_MS,
  );

  it('never makes the upload answer with a server error, whatever the multipart body', async () => {
    const rng = random(seed(99));
    const upload = calls.find((c) => c.multipart);
    expect(upload).toBeDefined();
    const url = urlOf(upload!, targetId);
    const filenames = [
      'a.png',
      '../../evil.png',
      'x"y.png',
      '',
      'ünï cödé.png',
      'a\\b.png',
      `${'n'.repeat(300)}.png`,
    ];
    const contents = [
      () => tinyPng(),
      () => Buffer.from('just text'),
      () => Buffer.alloc(0),
      () => Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      () => Buffer.from(Array.from({ length: 200 }, () => rng.int(256))),
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ];
    for (let round = 0; round < ROUNDS; round++) {
      const parts: Parameters<typeof multipartBody>[0] = [];
      for (let i = rng.int(4); i > 0; i--) {
        parts.push(
          rng.next() < 0.5
            ? {
                name: rng.pick(['handle', 'file', 'other', '']),
                value: rng.pick(['avatar', 'logo', 'nope', '', '\u0000']),
              }
            : {
                name: rng.pick(['file', 'file', 'other']),
                filename: rng.pick(filenames),
                contentType: rng.pick(['image/png', 'text/plain', 'application/x-msdownload']),
                bytes: rng.pick(contents)(),
              },
        );
      }
      const { payload, headers } = multipartBody(parts);
      const cut = rng.int(3);
      // Sometimes the body ends early or the boundary does not match, as a broken client sends.
      const body = cut === 0 ? payload.subarray(0, rng.int(payload.length + 1)) : payload;
      const contentType =
        cut === 1 ? 'multipart/form-data; boundary=something-else' : headers['content-type']!;
      const res = await server.call('POST', url, { token, body, headers: { 'content-type': contentType } });
      expectNoServerError(res, `upload round ${round} (${parts.length} parts, cut ${cut})`);
    }
  });
});
