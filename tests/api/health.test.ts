import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

describe(`GET /api/health (${databaseKind})`, () => {
  it('answers that the API is up', async () => {
    const res = await server.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.call('GET', '/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});
