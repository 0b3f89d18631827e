import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedNameOf } from '@/shared/storedName';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { type FormPart, multipartBody, tinyPng } from './uploads';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const MB = 1024 * 1024;
const IMAGE_ONLY = 'The file must be an image (PNG, JPEG, GIF or WebP).';

function upload(parts: FormPart[], auth: string | null = token) {
  const { payload, headers } = multipartBody(parts);
  return server.call('POST', '/api/files/upload', {
    ...(auth ? { token: auth } : {}),
    headers,
    body: payload,
  });
}

const png = (bytes = tinyPng(), filename = 'photo.png'): FormPart => ({
  name: 'file',
  filename,
  contentType: 'image/png',
  bytes,
});

/** Files in a storage folder, hidden part-files included. */
function stored(folder: string): string[] {
  try {
    return readdirSync(join(server.storage.root, folder));
  } catch {
    return [];
  }
}

describe(`POST /api/files/upload (${databaseKind})`, () => {
  it('stores a real PNG for the avatar handle under a server-made name', async () => {
    const res = await upload([{ name: 'handle', value: 'avatar' }, png()]);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(result).toEqual({
      path: expect.stringMatching(/^\/storage\/avatar\/[0-9a-f]{32}_[A-Za-z0-9_-]+\.png$/),
      name: 'photo.png',
    });
  });

  it('keeps the uploaded name in the stored path, so a saved record shows it after a reload', async () => {
    const res = await upload([{ name: 'handle', value: 'logo' }, png(tinyPng(), 'Kia logo (2026).png')]);
    const { result } = res.json();
    expect(result.name).toBe('Kia logo (2026).png');
    expect(storedNameOf(result.path)).toBe('Kia logo (2026).png');
    // Only the server's own characters reach the disk.
    expect(result.path).toMatch(/^\/storage\/logo\/[0-9a-f]{32}_[A-Za-z0-9_-]+\.png$/);
  });

  it('serves the stored file at its path as image/png with nosniff', async () => {
    const bytes = tinyPng();
    const { result } = (await upload([{ name: 'handle', value: 'avatar' }, png(bytes)])).json();
    const res = await server.call('GET', result.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('accepts the file part before the handle', async () => {
    const res = await upload([png(), { name: 'handle', value: 'logo' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.path).toMatch(/^\/storage\/logo\/[0-9a-f]{32}_[A-Za-z0-9_-]+\.png$/);
  });

  it('keeps only the base name of the file the client named', async () => {
    const res = await upload([{ name: 'handle', value: 'avatar' }, png(tinyPng(), '../../etc/pass<wd>.png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.name).toBe('pass_wd_.png');
  });

  it('accepts an image larger than the 1 MB limit on JSON bodies', async () => {
    const res = await upload([{ name: 'handle', value: 'avatar' }, png(tinyPng(2 * MB))]);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });

  it('refuses a text file named photo.png with 422 under errors.file[0]', async () => {
    const before = stored('avatar').length;
    const res = await upload([
      { name: 'handle', value: 'avatar' },
      {
        name: 'file',
        filename: 'photo.png',
        contentType: 'image/png',
        bytes: Buffer.from('I am not a picture\n'),
      },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe(IMAGE_ONLY);
    expect(stored('avatar')).toHaveLength(before);
  });

  it('refuses an SVG, which could carry a script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload([
      { name: 'handle', value: 'avatar' },
      { name: 'file', filename: 'logo.svg', contentType: 'image/svg+xml', bytes: svg },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual([IMAGE_ONLY]);
  });

  it('refuses a file over 5 MB with 422 under errors.file and stores nothing', async () => {
    const before = stored('avatar');
    const res = await upload([{ name: 'handle', value: 'avatar' }, png(tinyPng(5 * MB))]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The file may not be greater than 5 MB.']);
    expect(stored('avatar')).toEqual(before);
  });

  it('refuses a missing or unknown handle with 422 under errors.handle', async () => {
    for (const parts of [
      [png()],
      [{ name: 'handle', value: 'passport' }, png()],
      [{ name: 'handle', value: '' }, png()],
    ]) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: expect.any(String), errors: { handle: [expect.any(String)] } });
    }
  });

  it('refuses a form without a file, or with an empty one, with 422 under errors.file', async () => {
    for (const parts of [
      [{ name: 'handle', value: 'avatar' }],
      [{ name: 'handle', value: 'avatar' }, png(Buffer.alloc(0))],
      [
        { name: 'handle', value: 'avatar' },
        { ...png(), name: 'picture' },
      ],
    ]) {
      const res = await upload(parts);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Choose a file to upload.',
        errors: { file: ['Choose a file to upload.'] },
      });
    }
  });

  it('refuses a body that is not multipart with a 4xx and a message', async () => {
    const json = await server.call('POST', '/api/files/upload', {
      token,
      body: { handle: 'avatar', file: 'abc' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'Send the file as multipart/form-data.' });

    const text = await server.call('POST', '/api/files/upload', {
      token,
      body: 'handle=avatar',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json().message).toEqual(expect.any(String));
  });

  it('answers a broken multipart body with 400 and a message', async () => {
    const { payload, headers } = multipartBody([{ name: 'handle', value: 'avatar' }, png()]);
    const cases: [Buffer, string][] = [
      [payload.subarray(0, 80), headers['content-type']!],
      [payload, 'multipart/form-data; boundary=not-the-one-used'],
      [payload, 'multipart/form-data'],
    ];
    for (const [body, contentType] of cases) {
      const res = await server.call('POST', '/api/files/upload', {
        token,
        body,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json()).toEqual({ message: 'The upload could not be read.' });
    }
  });

  it('refuses an upload without a token with 401', async () => {
    const before = stored('avatar').length;
    const res = await upload([{ name: 'handle', value: 'avatar' }, png()], null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect(stored('avatar')).toHaveLength(before);
  });
});

describe(`GET /storage/* (${databaseKind})`, () => {
  it('answers a file that was never stored with a JSON 404', async () => {
    const res = await server.call('GET', '/storage/avatar/0123456789abcdef0123456789abcdef.png');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});
