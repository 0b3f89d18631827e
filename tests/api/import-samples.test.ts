import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody } from './uploads';

let server: TestServer;
let token: string;

beforeAll(async () => {
  // A fresh install: the first admin and the demo group, as `npm start` makes them.
  server = await createTestServer({}, { seed: true });
  token = await server.login();
}, 120_000);
afterAll(() => server?.close());

async function finished(id: number) {
  for (;;) {
    const res = await server.call('GET', `/api/imports/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const progress = res.json().data;
    if (progress.status !== 'queued' && progress.status !== 'running') return progress;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`each provider's own sample workbook (${databaseKind})`, () => {
  it('imports on a fresh install with the demo data, every row created', async () => {
    const { providers } = (await server.call('GET', '/api/builder/imports/providers', { token })).json() as {
      providers: { key: string; sample_url: string }[];
    };
    expect(providers.length).toBeGreaterThan(0);
    for (const { key: name, sample_url } of providers) {
      // The URL is relative to the API, as the console's client resolves it.
      const sample = await server.call('GET', `/api/${sample_url}`);
      expect(sample.statusCode, name).toBe(200);
      const { payload, headers } = multipartBody([
        { name: 'email', value: 'editor@example.com' },
        { name: 'provider', value: name },
        { name: 'import', filename: `${name}.xlsx`, bytes: sample.rawPayload },
      ]);
      const started = await server.call('POST', '/api/builder/imports/run', {
        token,
        body: payload,
        headers,
      });
      expect(started.statusCode, `${name}: ${started.body}`).toBe(200);
      const progress = await finished(started.json().import_id);
      expect({ provider: name, status: progress.status, rejections: progress.rejections }).toEqual({
        provider: name,
        status: 'done',
        rejections: [],
      });
      expect(progress.created).toBeGreaterThan(0);
    }
  }, 120_000);
});
