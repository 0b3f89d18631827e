import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { createS3BlobStore } from '@server/domain/s3Storage';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

const BUCKET = 'console-media';
let s3: S3rver;
let env: Record<string, string>;
let first: TestServer;
let second: Awaited<ReturnType<typeof buildApp>>;
let token: string;

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const address = (await s3.run()) as AddressInfo;
  env = {
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    // Both processes sign and check the same tokens, as a deployment's would.
    JWT_SECRET: 'a shared secret for both processes of this test',
  };
  first = await createTestServer(env);
  // A second API process: its own data directory, the same database and bucket.
  const config = readConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'console-api-')),
    CONSOLE_DIR: '',
    ...env,
  });
  second = await buildApp({ config, database: first.database });
  token = await first.login();
});
afterAll(async () => {
  await second?.app.close();
  await first?.close();
  await s3?.close();
});

describe(`media in an S3-compatible bucket (${databaseKind})`, () => {
  it('stores, reads, answers existence and deletes by key', async () => {
    const store = createS3BlobStore({
      endpoint: env.S3_ENDPOINT!,
      bucket: BUCKET,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      region: 'us-east-1',
    });
    const bytes = tinyPng(5);
    expect(await store.exists('media/probe')).toBe(false);
    expect(await store.get('media/probe')).toBeNull();
    await store.put('media/probe', bytes, 'image/png');
    expect(await store.exists('media/probe')).toBe(true);
    expect((await store.get('media/probe'))?.equals(bytes)).toBe(true);
    await store.delete('media/probe');
    expect(await store.exists('media/probe')).toBe(false);
    expect(store.url('media/probe')).toBe('/storage/media/probe');
  });

  it('serves a file uploaded through one process from the other, and deletes it for both', async () => {
    expect(first.storage.kind).toBe('s3');
    const { payload, headers } = multipartBody([
      { name: 'files[]', filename: 'shared.png', bytes: tinyPng(77) },
    ]);
    const res = await first.call('POST', '/api/media/upload', { token, headers, body: payload });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data[0].item;
    const fromSecond = await second.app.inject({ method: 'GET', url: item.url });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.headers['content-type']).toBe('image/png');
    expect(fromSecond.rawPayload.equals(tinyPng(77))).toBe(true);

    // The same bytes through the second process: one item, one object.
    const again = multipartBody([{ name: 'files[]', filename: 'again.png', bytes: tinyPng(77) }]);
    const viaSecond = await second.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...again.headers, authorization: `Bearer ${token}` },
      payload: again.payload,
    });
    expect(viaSecond.statusCode, viaSecond.body).toBe(200);
    expect(viaSecond.json().data[0]).toMatchObject({ duplicate: true, item: { id: item.id } });

    const json = (url: string, body: unknown) =>
      second.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        payload: body as object,
      });
    expect((await json('/api/media/delete', { ids: [item.id] })).statusCode).toBe(200);
    expect((await json('/api/media/forever', { ids: [item.id] })).statusCode).toBe(200);
    expect((await first.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
  });
});
