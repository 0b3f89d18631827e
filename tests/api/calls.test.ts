import { registeredCalls } from '@server/http/route';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '@/api/contract/all';
import { type CallDef, fillPath } from '@/api/contract/define';
import { pending } from '@/api/contract/pending';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  // The payment webhook answers only where a signing secret is set.
  server = await createTestServer({ STRIPE_WEBHOOK_SECRET: 'calls-test-secret' });
});
afterAll(() => server.close());

const label = (call: CallDef) => `${call.method} ${call.path}`;
const served = allCalls.filter((call) => !pending.includes(call));

/** What the API answers a call made without a token: 404 means no route answers it. */
async function answerWithoutToken(call: CallDef): Promise<number> {
  return (await requestWithoutToken(call)).statusCode;
}

/**
 * The API's answer where no route matches: 404 'Not found.' even without a token, where a
 * signed-in route would refuse with 401 and a public one answer in its own words.
 */
async function routeMissing(call: CallDef): Promise<boolean> {
  const res = await requestWithoutToken(call);
  return res.statusCode === 404 && res.json().message === 'Not found.';
}

async function requestWithoutToken(call: CallDef) {
  const res = await server.call(
    call.method,
    `/api/${fillPath(call.path, { id: 1, handle: 'none', slug: 'none' })}`,
    {
      ...(call.method === 'POST' ? { body: {} } : {}),
    },
  );
  return res;
}

describe(`Which calls the server serves (${databaseKind})`, () => {
  it('lists only calls of the contract as pending, each once', () => {
    expect(pending.filter((call) => !allCalls.includes(call)).map(label)).toEqual([]);
    expect(new Set(pending).size).toBe(pending.length);
  });

  it.each(served.map((call) => [label(call), call] as const))('serves %s', async (_name, call) => {
    expect(registeredCalls).toContain(call);
    // Without a token a signed-in call is refused before anything else; the public calls answer for themselves.
    if (call.auth === false) expect(await routeMissing(call)).toBe(false);
    else expect(await answerWithoutToken(call)).toBe(401);
  });

  it.each(pending.map((call) => [label(call), call] as const))(
    'does not serve %s yet (pending)',
    async (_name, call) => {
      expect(registeredCalls).not.toContain(call);
      expect(await routeMissing(call)).toBe(true);
    },
  );
});
