import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type App, buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { type Database, openDatabase } from '@server/db/open';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFiles } from '../../scripts/precompress';
import { createTestServer, databaseKind, insertUser, type TestServer } from './harness';

describe('The built console', () => {
  let dir: string;
  let site: App;
  let database: Database;
  // A script shaped like a bundle: long enough to be worth compressing, and compressible.
  const script = `export const rows=${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Row ${i}` })))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc.js"></script>',
    );
    writeFileSync(join(dir, 'assets/index-abc.js'), script);
    writeFileSync(join(dir, 'assets/tiny-abc.js'), 'export{};');
    await precompressFiles(dir, ['index.html', 'assets/index-abc.js', 'assets/tiny-abc.js']);
    database = await openDatabase({ databaseUrl: null, dataDir: null, durable: false });
    site = await buildApp({
      config: readConfig({ DATA_DIR: join(dir, 'data'), CONSOLE_DIR: dir }),
      database,
    });
  });
  afterAll(async () => {
    await site.app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is precompressed at build time with brotli and gzip, skipping files too small to gain', () => {
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'tiny-abc.js',
    ]);
  });

  it('sends the script bundle brotli-compressed to a browser that accepts br', async () => {
    const res = await site.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends it gzipped to a browser that accepts only gzip, and plain to one that accepts neither', async () => {
    const gzipped = await site.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await site.app.inject({
      url: '/assets/index-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe(`API answers (${databaseKind})`, () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await createTestServer();
    token = await server.login();
    for (let i = 0; i < 20; i++)
      await insertUser(server, {
        name: `Listed User ${i}`,
        email: `listed${i}@example.com`,
        passwordHash: 'x',
      });
  });
  afterAll(() => server.close());

  it('compresses a large list answer with brotli', async () => {
    const res = await server.call('GET', '/api/users', { token, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString());
    expect(body.users.data.length).toBeGreaterThan(10);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 2);
  });

  it('leaves a small answer as it is', async () => {
    const res = await server.call('GET', '/api/auth/me', { token, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().data.email).toBe('admin@example.com');
  });
});
