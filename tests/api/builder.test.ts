import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderItem, configurable, fieldType } from '@/api/contract/builder';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { type FormPart, multipartBody, tinyPng } from './uploads';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const png: FormPart = { name: 'file', filename: 'slide.png', contentType: 'image/png', bytes: tinyPng() };

function upload(fields: Record<string, string>, file: FormPart | null = png) {
  const parts: FormPart[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  const { payload, headers } = multipartBody(file ? [...parts, file] : parts);
  return server.call('POST', '/api/builder/files/upload', { token, headers, body: payload });
}

describe(`GET /api/builder/items (${databaseKind})`, () => {
  it('serves the page blocks and the form inputs a dealership website needs', async () => {
    const res = await server.call('GET', '/api/builder/items', { token });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: Record<string, unknown> };
    for (const index of [
      'hero',
      'rich_text',
      'gallery',
      'offers',
      'vehicle_highlights',
      'faq',
      'call_to_action',
      'dealership_locator',
      'video',
      'embedded_form',
      'input_text',
      'input_email',
      'input_telephone',
      'input_select',
      'input_consent',
      'input_registration',
      'input_dealership',
      'input_date',
    ]) {
      expect(builderItem.safeParse(data[index]).success, index).toBe(true);
    }
  });

  it('uses every field type, select options, file maxima, repeatable and hideable sections', async () => {
    const { data } = (await server.call('GET', '/api/builder/items', { token })).json() as {
      data: Record<string, ReturnType<typeof builderItem.parse>>;
    };
    const sections = Object.values(data).flatMap((item) => Object.values(item.sections));
    const fields = sections.flatMap((s) => Object.values(s.fields));
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(fieldType.options));
    expect(fields.filter((f) => f.type === 'select').every((f) => (f.options ?? []).length > 0)).toBe(true);
    expect(fields.filter((f) => f.type === 'files').every((f) => (f.max ?? 0) > 0)).toBe(true);
    expect(sections.some((s) => s.repeatable && s.phrase)).toBe(true);
    const hideable = Object.values(data).filter((item) => item.hideable.sections.length > 0);
    expect(hideable.length).toBeGreaterThan(0);
    for (const item of hideable) {
      for (const key of item.hideable.sections) expect(Object.keys(item.sections)).toContain(key);
    }
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await server.call('GET', '/api/builder/items');
    expect(res.statusCode).toBe(401);
  });
});

describe(`GET /api/builder/configurables/get (${databaseKind})`, () => {
  it("serves the homepage's page-wide fields for '/'", async () => {
    const res = await server.call('GET', '/api/builder/configurables/get?slug=%2F', { token });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(configurable.parse(data[0]).handle).toBe('homepage');
  });

  it('serves the used-cars page fields with or without slashes', async () => {
    for (const slug of ['used-cars', '/used-cars/']) {
      const res = await server.call(
        'GET',
        `/api/builder/configurables/get?slug=${encodeURIComponent(slug)}`,
        {
          token,
        },
      );
      expect(res.json().data.map((c: { handle: string }) => c.handle)).toEqual(['used_cars']);
    }
  });

  it('serves the homepage for its slug written with extra slashes, and names no route of its own', async () => {
    for (const slug of ['//', ' / ']) {
      const res = await server.call(
        'GET',
        `/api/builder/configurables/get?slug=${encodeURIComponent(slug)}`,
        {
          token,
        },
      );
      expect(res.json().data.map((c: { handle: string }) => c.handle)).toEqual(['homepage']);
    }
    for (const slug of ['__proto__', 'constructor', '/toString/', 'hasOwnProperty']) {
      const res = await server.call(
        'GET',
        `/api/builder/configurables/get?slug=${encodeURIComponent(slug)}`,
        {
          token,
        },
      );
      expect(res.statusCode, slug).toBe(200);
      expect(res.json(), slug).toEqual({ data: [] });
    }
  });

  it('answers an empty list for a slug without configurables and 422 without a slug', async () => {
    const none = await server.call('GET', '/api/builder/configurables/get?slug=about-us', { token });
    expect(none.json()).toEqual({ data: [] });
    const missing = await server.call('GET', '/api/builder/configurables/get', { token });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.slug).toBeDefined();
  });
});

describe(`POST /api/builder/files/upload (${databaseKind})`, () => {
  it('stores an image for a files field of a block section', async () => {
    const res = await upload({ field: 'image', item: 'hero', section: 'slides' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      path: expect.stringMatching(/^\/storage\/builder\/[0-9a-f]{32}\.png$/),
      name: 'slide.png',
    });
  });

  it('stores an image for a files field of a configurable', async () => {
    const res = await upload({ field: 'banner', configurable: 'used_cars' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses with 422 a field the catalogue does not have or that takes no files', async () => {
    const refused: Record<string, string>[] = [
      { field: 'nope', item: 'hero', section: 'slides' },
      { field: 'image', item: 'unknown', section: 'slides' },
      { field: 'image', item: 'hero', section: '__proto__' },
      { field: 'heading', item: 'hero', section: 'slides' },
      { field: 'banner', configurable: 'homepage' },
      { field: 'image' },
    ];
    for (const fields of refused) {
      const res = await upload(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(res.json().errors.field).toEqual(['This field does not take files.']);
    }
  });

  it('refuses with 422 a file that is not an image and a missing file', async () => {
    const text: FormPart = {
      name: 'file',
      filename: 'a.png',
      contentType: 'image/png',
      bytes: Buffer.from('hi'),
    };
    const bad = await upload({ field: 'image', item: 'hero', section: 'slides' }, text);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file).toEqual(['The file must be an image (PNG, JPEG, GIF or WebP).']);
    const none = await upload({ field: 'image', item: 'hero', section: 'slides' }, null);
    expect(none.json().errors.file).toEqual(['Choose a file to upload.']);
  });

  it('stores concurrent uploads under distinct names', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => upload({ field: 'images', item: 'gallery', section: 'content' })),
    );
    const paths = results.map((r) => r.json().result.path);
    expect(new Set(paths).size).toBe(3);
  });
});
