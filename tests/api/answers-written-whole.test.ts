import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allCalls } from '@/api/contract/all';
import { databaseKind, serverForFile } from './harness';

const file = serverForFile({}, { seed: true });
afterEach(() => vi.restoreAllMocks());

/** The contract's GET call at `path`. */
const callAt = (path: string) => {
  const call = allCalls.find((c) => c.method === 'GET' && c.path === path);
  if (!call) throw new Error(`no GET /api/${path} in the contract`);
  return call;
};

/**
 * The console's lists, as a signed-in administrator first opens them on the demo data. Each answer
 * is shaped exactly as its schema (plain objects, the schema's keys in its order, records and
 * unions as zod reads them), so it is written by one JSON.stringify of the whole answer rather than
 * piece by piece (server/http/answerCheck.ts).
 */
const lists = [
  'users',
  'roles',
  'brands',
  'dealerships',
  'pages',
  'forms',
  'templates',
  'responses',
  'reservations',
  'media',
];

describe(`List answers written whole (${databaseKind})`, () => {
  it.each(lists)('GET /api/%s: one JSON.stringify of the whole answer, the JSON zod writes', async (path) => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const res = await file.server.call('GET', `/api/${path}`, { token: file.token });
    expect(res.statusCode, res.body).toBe(200);
    const whole = stringify.mock.results.filter((r) => r.type === 'return' && r.value === res.body);
    expect(whole).toHaveLength(1);
    stringify.mockRestore();
    const route = { schema: callAt(path).response, method: 'GET', url: `/api/${path}` } as never;
    expect((zodSerializerCompiler(route) as (v: unknown) => string)(res.json())).toBe(res.body);
  });
});
