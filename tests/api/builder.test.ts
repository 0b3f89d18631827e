import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderItem, configurable, fieldType } from '@/api/contract/builder';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

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
