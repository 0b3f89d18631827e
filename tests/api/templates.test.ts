import { templates } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBrand } from './accessFixtures';
import { breakages, gallery, hero, missing, offers, retired, richText, UNKNOWN_BLOCK } from './blocks';
import { addRole, createTestServer, databaseKind, signedInAs, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

function templateData(name: string, extra: Record<string, unknown> = {}) {
  return { name, items: [hero(), richText()], locked: 0, lock_pages: 1, ...extra };
}

async function storeTemplate(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await post('/api/templates/store', { data: templateData(name, extra) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Successfully added template!');
  return res.json().id;
}

async function edit(id: number) {
  const res = await get(`/api/templates/edit?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    name: string;
    items: { index: string; name: string; sections: Record<string, unknown> }[];
    locked: 0 | 1;
    lock_pages: 0 | 1;
    updated_at: string;
  };
}

async function rowOf(id: number) {
  const [row] = await server.database.db.select().from(templates).where(eq(templates.id, id));
  return row;
}

describe(`templates (${databaseKind})`, () => {
  it('lists no templates at first, then each stored one by name with its lock', async () => {
    const empty = await get('/api/templates');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().templates).toMatchObject({ data: [], total: 0, current_page: 1 });

    const offer = await storeTemplate('Offer page', { locked: 1 });
    const model = await storeTemplate('New car model');
    const res = await get('/api/templates');
    expect(res.json().templates.data).toEqual([
      { id: model, name: 'New car model', locked: 0 },
      { id: offer, name: 'Offer page', locked: 1 },
    ]);
    const searched = await get('/api/templates?search=offer');
    expect(searched.json().templates.data.map((t: { id: number }) => t.id)).toEqual([offer]);
    const none = await get('/api/templates?search=nothing-like-it');
    expect(none.json().templates).toMatchObject({ data: [], total: 0 });
    const all = await get('/api/templates?perPage=-1');
    expect(all.json().templates.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a bad list query with 422', async () => {
    for (const query of ['perPage=-2', `search=${'x'.repeat(201)}`]) {
      const res = await get(`/api/templates?${query}`);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('shows and edits one template with its blocks as stored, and offers every template as an option', async () => {
    const id = await storeTemplate('Dealership location', {
      items: [hero(), offers(), gallery(2)],
      lock_pages: 0,
      locked: 1,
    });
    for (const call of ['show', 'edit']) {
      const res = await get(`/api/templates/${call}?id=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ id, name: 'Dealership location', locked: 1, lock_pages: 0 });
      expect(data.items.map((i: { index: string }) => i.index)).toEqual(['hero', 'offers', 'gallery']);
      expect(data.items[0].sections.content.fields).toEqual({
        title: 'The new Sportage',
        subtitle: 'Hybrid from £32,000',
        alignment: 'center',
      });
      expect(data.items[2].sections.content.fields.images).toHaveLength(2);
    }
    const options = await get('/api/templates/list');
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toContainEqual({ id, name: 'Dealership location' });
  });

  it('answers 404 for a template that does not exist and 422 for an id that is no id', async () => {
    for (const call of ['show', 'edit']) {
      const unknown = await get(`/api/templates/${call}?id=999999`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe("The template you are trying to locate clearly doesn't exist...");
      for (const query of ['', '?id=abc', '?id=0', '?id=-3', '?id=1.5']) {
        const bad = await get(`/api/templates/${call}${query}`);
        expect(bad.statusCode, `${call}${query}`).toBe(422);
        expect(bad.json().errors.id).toBeDefined();
      }
    }
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await server.call('GET', '/api/templates')).statusCode).toBe(401);
    expect(
      (await server.call('POST', '/api/templates/store', { body: { data: templateData('X') } })).statusCode,
    ).toBe(401);
  });

  it('refuses missing fields and bad types on store and stores nothing', async () => {
    const before = (await get('/api/templates?perPage=-1')).json().templates.total;
    const cases: [unknown, string][] = [
      [{}, 'data'],
      [{ data: null }, 'data'],
      [{ data: 'template' }, 'data'],
      [{ data: { items: [] } }, 'data.name'],
      [{ data: templateData('  ') }, 'data.name'],
      [{ data: templateData(42 as unknown as string) }, 'data.name'],
      [{ data: templateData('X', { items: 'hero' }) }, 'data.items'],
      [{ data: templateData('X', { items: [42] }) }, 'data.items.0'],
      [{ data: templateData('X', { locked: 'maybe' }) }, 'data.locked'],
      [{ data: templateData('X', { lock_pages: 3 }) }, 'data.lock_pages'],
      [{ data: templateData('X', { items: Array.from({ length: 1001 }, () => richText()) }) }, 'data.items'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/api/templates/store', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect((await get('/api/templates?perPage=-1')).json().templates.total).toBe(before);
  });

  it('refuses a name another template has, whatever its case', async () => {
    await storeTemplate('Used car page');
    const res = await post('/api/templates/store', { data: templateData('USED CAR PAGE') });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['There is already a template with that name.']);
  });

  it.each(breakages)('refuses $what on store and update, at its path', async ({ items, path, message }) => {
    const stored = await post('/api/templates/store', { data: templateData(`Broken ${path}`, { items }) });
    expect(stored.statusCode, stored.body).toBe(422);
    expect(stored.json().errors).toEqual({ [path]: [message] });

    const id = await storeTemplate(`Fine ${path}`);
    const { updated_at } = await edit(id);
    const updated = await post('/api/templates/update', {
      id,
      data: templateData(`Fine ${path}`, { items }),
      updated_at,
    });
    expect(updated.statusCode, updated.body).toBe(422);
    expect(updated.json().errors).toEqual({ [path]: [message] });
    expect((await edit(id)).items.map((i) => i.index)).toEqual(['hero', 'rich_text']);
  });

  it.each(missing)('refuses $what with the field path', async ({ items, path }) => {
    const res = await post('/api/templates/store', { data: templateData('Missing', { items }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(path);
  });

  it('updates a template, and refuses a stale, unknown or malformed update', async () => {
    const id = await storeTemplate('Offer landing');
    const loaded = await edit(id);
    const res = await post('/api/templates/update', {
      id,
      data: templateData('Offer landing page', { items: [offers()], locked: 1, lock_pages: 0 }),
      updated_at: loaded.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await edit(id);
    // The answer is the version the editor saves from next, so the builder need not load it again.
    expect(res.json()).toEqual({
      id,
      updated_at: after.updated_at,
      message: 'Successfully updated template!',
    });
    expect(after).toMatchObject({ name: 'Offer landing page', locked: 1, lock_pages: 0 });
    expect(after.items.map((i) => i.index)).toEqual(['offers']);

    const stale = await post('/api/templates/update', {
      id,
      data: templateData('Someone else'),
      updated_at: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else changed this template since you opened it. Reload to see their changes.',
    );
    expect((await edit(id)).name).toBe('Offer landing page');

    const unknown = await post('/api/templates/update', { id: 999999, data: templateData('Nobody') });
    expect(unknown.statusCode).toBe(404);
    for (const body of [
      { data: templateData('X') },
      { id: 'one', data: templateData('X') },
      { id },
      { id, data: templateData('X'), updated_at: 12 },
    ]) {
      const bad = await post('/api/templates/update', body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
    }
  });

  it('keeps a block the catalogue no longer has as it was stored, and refuses a changed or new one', async () => {
    const id = await storeTemplate('Legacy page');
    await server.database.db
      .update(templates)
      .set({ items: [hero(), retired()] })
      .where(eq(templates.id, id));
    const loaded = await edit(id);
    expect(loaded.items[1]).toEqual(retired());

    // Moved, beside a new block, unchanged: kept.
    const kept = await post('/api/templates/update', {
      id,
      data: templateData('Legacy page', { items: [loaded.items[1], richText(), loaded.items[0]] }),
      updated_at: loaded.updated_at,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await edit(id);
    expect(after.items.map((i) => i.index)).toEqual(['retired_widget', 'rich_text', 'hero']);
    // Kept as it was, given an id as every stored block is.
    expect(after.items[0]).toEqual({ ...retired(), id: expect.any(String) });

    for (const items of [
      [retired('Changed'), richText(), hero()],
      [after.items[0], after.items[0], richText()],
    ]) {
      const refused = await post('/api/templates/update', {
        id,
        data: templateData('Legacy page', { items }),
        updated_at: after.updated_at,
      });
      expect(refused.statusCode).toBe(422);
      expect(Object.values(refused.json().errors)).toEqual([[UNKNOWN_BLOCK]]);
    }
    // Removing it is always allowed.
    const removed = await post('/api/templates/update', {
      id,
      data: templateData('Legacy page', { items: [richText()] }),
      updated_at: after.updated_at,
    });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('lets one of two saves of the same version through and answers the other 409, nothing half-written', async () => {
    const id = await storeTemplate('Race template');
    const { updated_at } = await edit(id);
    const a = templateData('Race template A', { items: [offers()], locked: 1, lock_pages: 0 });
    const b = templateData('Race template B', {
      items: [gallery(4), richText('B')],
      locked: 0,
      lock_pages: 1,
    });
    const [ra, rb] = await Promise.all([
      post('/api/templates/update', { id, data: a, updated_at }),
      post('/api/templates/update', { id, data: b, updated_at }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const winner = ra.statusCode === 200 ? a : b;
    const row = await rowOf(id);
    expect(row).toMatchObject({
      name: winner.name,
      locked: winner.locked === 1,
      lockPages: winner.lock_pages === 1,
    });
    expect((row!.items as { index: string }[]).map((i) => i.index)).toEqual(winner.items.map((i) => i.index));
  });

  it('lets one of two stores of the same name through and refuses the other with 422', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/templates/store', { data: templateData('Simultaneous') })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const res of results.filter((r) => r.statusCode === 422)) {
      expect(res.json().errors.name).toEqual(['There is already a template with that name.']);
    }
  });
});

describe(`templates for a user of one brand (${databaseKind})`, () => {
  it('lists, shows and keeps the history of every template, as the child-template picker offers them', async () => {
    const id = await storeTemplate('Brand landing page');
    const manager = await signedInAs(server, 'Brand manager', {
      brand_ids: [await insertBrand(server, 'Alpha')],
    });
    const as = (url: string) => server.call('GET', url, { token: manager.token });

    const listed = await as('/api/templates?perPage=-1');
    expect(listed.statusCode, listed.body).toBe(200);
    const picker = (await as('/api/templates/list')).json().data as { id: number; name: string }[];
    expect(picker.map((t) => t.id)).toContain(id);
    expect(
      listed.json().templates.data.map((t: { id: number; name: string }) => ({ id: t.id, name: t.name })),
    ).toEqual(picker);
    for (const call of ['show', 'edit']) {
      const res = await as(`/api/templates/${call}?id=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id, name: 'Brand landing page' });
    }
    const history = await as(`/api/templates/history?id=${id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.map((r: { action: string }) => r.action)).toEqual(['created']);
  });

  it('may not add or change one, whatever their role allows: templates are the whole group’s', async () => {
    await addRole(server, 'Template editor', { templates: ['view', 'create', 'update'] });
    const editor = await signedInAs(server, 'Template editor', {
      brand_ids: [await insertBrand(server, 'Beta')],
    });
    const id = await storeTemplate('Group-wide layout');
    const { updated_at } = await edit(id);
    const attempts = [
      ['/api/templates/store', { data: templateData('Their own layout') }],
      ['/api/templates/update', { id, data: templateData('Renamed by a brand'), updated_at }],
    ] as const;
    for (const [url, body] of attempts) {
      const res = await server.call('POST', url, { token: editor.token, body });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(
        'Templates belong to the whole group: only a user with the whole group in their scope can add or change one.',
      );
    }
    expect((await edit(id)).name).toBe('Group-wide layout');
  });
});
