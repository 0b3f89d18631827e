import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestServer } from './harness';

/**
 * POST and GET with a user's token against a file's server; `server` is read at each call, as
 * files start theirs in `beforeAll`.
 */
export function tokenCalls(server: () => TestServer) {
  return {
    post: (token: string, url: string, body: unknown) => server().call('POST', url, { token, body }),
    get: (token: string, url: string) => server().call('GET', url, { token }),
  };
}

/** The JSON of an answer that must be a 200 (its body shown when it is not). */
export async function ok(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
