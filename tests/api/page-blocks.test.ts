import { brands } from '@server/db/schema/brands';
import { pages, templates } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakages, emailInput, hero, missing, offers, retired, richText, UNKNOWN_BLOCK } from './blocks';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;
let brandId: number;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name: 'Kia', slug: 'kia' })
    .returning({ id: brands.id });
  brandId = brand!.id;
});
afterAll(() => server.close());

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

type Kind = 'pages' | 'forms';

function data(kind: Kind, name: string, extra: Record<string, unknown> = {}) {
  const common = {
    name,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    items: [richText(), hero()],
    ...extra,
  };
  return kind === 'pages'
    ? { slug: 'ignored', brand_id: brandId, ...common }
    : {
        handle: 'ignored',
        emails: {
          subject: 'Enquiry',
          email_title: 'Enquiry',
          email_body: 'New enquiry.',
          email_lists: ['sales@example.com'],
        },
        thank_you: { description: 'We will be in touch.' },
        ...common,
        items: extra.items ?? [emailInput()],
      };
}

async function store(kind: Kind, name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await post(`/api/${kind}/store`, { data: data(kind, name, extra), parent: null });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function edit(kind: Kind, id: number) {
  const res = await get(`/api/${kind}/edit?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    name: string;
    items: { index: string }[];
    configurables: Record<string, unknown>;
    updated_at: string;
  };
}

describe.each(['pages', 'forms'] as const)(`%s items (${databaseKind})`, (kind) => {
  it.each(breakages)(
    'refuses $what on store and update, at its path',
    async ({ what, items, path, message }) => {
      const stored = await post(`/api/${kind}/store`, {
        data: data(kind, `Broken ${what}`, { items }),
        parent: null,
      });
      expect(stored.statusCode, stored.body).toBe(422);
      expect(stored.json().errors).toEqual({ [path]: [message] });

      const id = await store(kind, `Fine ${what}`);
      const before = await edit(kind, id);
      const updated = await post(`/api/${kind}/update`, {
        id,
        data: data(kind, `Fine ${what}`, { items }),
        updated_at: before.updated_at,
      });
      expect(updated.statusCode, updated.body).toBe(422);
      expect(updated.json().errors).toEqual({ [path]: [message] });
      expect(await edit(kind, id)).toEqual(before);
    },
  );

  it.each(missing)('refuses $what with the field path', async ({ items, path }) => {
    const res = await post(`/api/${kind}/store`, { data: data(kind, 'Missing', { items }), parent: null });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(path);
  });

  it('refuses hiding a block or section its own hideable flags keep shown, at its path', async () => {
    const shown = kind === 'pages' ? richText() : emailInput();
    const items = [
      { ...shown, hideable: { item: false, sections: [] }, hidden: true },
      hero({ hideable: { item: true, sections: [] } }),
    ];
    const res = await post(`/api/${kind}/store`, {
      data: data(kind, 'Always shown', { items }),
      parent: null,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      'data.items.0.hidden': ['This cannot be hidden.'],
      'data.items.1.sections.button.hidden': ['This cannot be hidden.'],
    });

    const id = await store(kind, 'Always shown', {
      items: [{ ...shown, hideable: { item: false, sections: [] } }],
    });
    const before = await edit(kind, id);
    const hidden = await post(`/api/${kind}/update`, {
      id,
      data: data(kind, 'Always shown', { items: [{ ...before.items[0], hidden: true }] }),
      updated_at: before.updated_at,
    });
    expect(hidden.statusCode, hidden.body).toBe(422);
    expect(hidden.json().errors).toEqual({ 'data.items.0.hidden': ['This cannot be hidden.'] });
    expect(await edit(kind, id)).toEqual(before);
  });

  it('keeps a stored block to its own hideable flags, whatever flags are sent with it', async () => {
    const shown = kind === 'pages' ? richText() : emailInput();
    const id = await store(kind, 'Kept shown', {
      items: [{ ...shown, hideable: { item: false, sections: [] } }],
    });
    const before = await edit(kind, id);
    const widened = { ...before.items[0], hideable: { item: true, sections: ['content', 'settings'] } };
    const hidden = await post(`/api/${kind}/update`, {
      id,
      data: data(kind, 'Kept shown', { items: [{ ...widened, hidden: true }] }),
      updated_at: before.updated_at,
    });
    expect(hidden.statusCode, hidden.body).toBe(422);
    expect(hidden.json().errors).toEqual({ 'data.items.0.hidden': ['This cannot be hidden.'] });
    expect(await edit(kind, id)).toEqual(before);

    // Sent without hiding, the save goes through and the block keeps the flags it was placed with.
    const saved = await post(`/api/${kind}/update`, {
      id,
      data: data(kind, 'Kept shown', { items: [widened] }),
      updated_at: before.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await edit(kind, id)) as unknown as { items: { hideable: unknown }[] };
    expect(after.items[0]!.hideable).toEqual({ item: false, sections: [] });
  });

  it('places a new block with no more hideable flags than its type offers', async () => {
    const id = await store(kind, 'Widened', {
      items: [hero({ hideable: { item: true, sections: ['button', 'content'] } })],
    });
    const after = (await edit(kind, id)) as unknown as { items: { hideable: unknown }[] };
    expect(after.items[0]!.hideable).toEqual({ item: true, sections: ['button'] });
  });

  it('reports every broken field of every block at once', async () => {
    const items = [
      hero({ sections: { content: { fields: { alignment: 'top' } } } }),
      richText(),
      offers('2026-13-01'),
    ];
    const res = await post(`/api/${kind}/store`, { data: data(kind, 'Many', { items }), parent: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'data.items.0.sections.content.fields.alignment': ['Choose one of the options.'],
      'data.items.2.sections.offers.entries.0.fields.ends_at': ['Enter a valid date.'],
    });
  });

  it('keeps a stored block the catalogue no longer has, moved or not, and refuses it changed or added', async () => {
    const id = await store(kind, 'Legacy');
    await server.database.db
      .update(pages)
      .set({ items: [retired(), richText()] })
      .where(eq(pages.id, id));
    const loaded = await edit(kind, id);
    expect(loaded.items[0]).toEqual(retired());
    const kept = await post(`/api/${kind}/update`, {
      id,
      data: data(kind, 'Legacy', { items: [richText('Changed text'), loaded.items[0]] }),
      updated_at: loaded.updated_at,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const after = await edit(kind, id);
    expect(after.items[1]).toEqual({ ...retired(), id: expect.any(String) });

    for (const items of [
      [richText(), retired('Edited')],
      [richText(), after.items[1], retired()],
    ]) {
      const refused = await post(`/api/${kind}/update`, {
        id,
        data: data(kind, 'Legacy', { items }),
        updated_at: after.updated_at,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ [`data.items.${items.length - 1}.index`]: [UNKNOWN_BLOCK] });
    }
    const fresh = await post(`/api/${kind}/store`, {
      data: data(kind, 'Legacy copy', { items: [retired()] }),
      parent: null,
    });
    expect(fresh.json().errors).toEqual({ 'data.items.0.index': [UNKNOWN_BLOCK] });
  });

  it('answers a save from a stale version 409 and keeps what was saved first', async () => {
    const id = await store(kind, 'Versioned');
    const { updated_at } = await edit(kind, id);
    const first = await post(`/api/${kind}/update`, { id, data: data(kind, 'Versioned one'), updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(`/api/${kind}/update`, { id, data: data(kind, 'Versioned two'), updated_at });
    expect(second.statusCode).toBe(409);
    expect((await edit(kind, id)).name).toBe('Versioned one');
  });

  it('lets one of two saves of the same version through, 409 for the other, nothing half-written', async () => {
    const id = await store(kind, 'Raced');
    const { updated_at } = await edit(kind, id);
    const a = data(kind, 'Raced A', { items: kind === 'pages' ? [hero(), offers()] : [emailInput('0')] });
    const b = data(kind, 'Raced B', {
      items: kind === 'pages' ? [richText('B')] : [emailInput('1'), emailInput('0')],
    });
    const [ra, rb] = await Promise.all([
      post(`/api/${kind}/update`, { id, data: a, updated_at }),
      post(`/api/${kind}/update`, { id, data: b, updated_at }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const winner = ra.statusCode === 200 ? a : b;
    const saved = await edit(kind, id);
    expect(saved.name).toBe(winner.name);
    expect(saved.items.map((i) => i.index)).toEqual(
      (winner.items as { index: string }[]).map((i) => i.index),
    );
  });
});

describe(`page configurables and child templates (${databaseKind})`, () => {
  const homepage = (fields: Record<string, unknown>) => ({ homepage: { route: '/', fields } });

  it('stores valid configurables for the route that offers them', async () => {
    const id = await store('pages', 'Configured', {
      configurables: {
        ...homepage({ headline: 'Drive away today', search_condition: 'used' }),
        used_cars: { route: '/used-cars/', fields: { sale_ends_at: '2026-06-30', banner: [] } },
      },
    });
    expect((await edit('pages', id)).configurables).toMatchObject({
      homepage: { route: '/', fields: { headline: 'Drive away today', search_condition: 'used' } },
      used_cars: { route: '/used-cars/', fields: { sale_ends_at: '2026-06-30' } },
    });
  });

  it('refuses configurable fields that break their definition, at their path', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        homepage({ search_condition: 'demo' }),
        'data.configurables.homepage.fields.search_condition',
        'Choose one of the options.',
      ],
      [
        {
          used_cars: {
            route: 'used-cars',
            fields: { banner: [1, 2, 3, 4].map(() => ({ path: '/storage/builder/a.png', name: 'a.png' })) },
          },
        },
        'data.configurables.used_cars.fields.banner',
        'Pick at most 3 images.',
      ],
      [
        { used_cars: { route: 'used-cars', fields: { sale_ends_at: '31/06/2026' } } },
        'data.configurables.used_cars.fields.sale_ends_at',
        'Enter a valid date.',
      ],
      [
        { used_cars: { route: '/', fields: {} } },
        'data.configurables.used_cars',
        'These page-wide fields are not offered for this route: they can be kept as they were or removed.',
      ],
      [
        { nothing: { route: '__proto__', fields: {} } },
        'data.configurables.nothing',
        'These page-wide fields are not offered for this route: they can be kept as they were or removed.',
      ],
    ];
    const id = await store('pages', 'Configurables update');
    for (const [configurables, path, message] of cases) {
      const res = await post('/api/pages/store', {
        data: data('pages', 'Bad config', { configurables }),
        parent: null,
      });
      expect(res.statusCode, path).toBe(422);
      expect(res.json().errors).toEqual({ [path]: [message] });
      const { updated_at } = await edit('pages', id);
      const updated = await post('/api/pages/update', {
        id,
        data: data('pages', 'Configurables update', { configurables }),
        updated_at,
      });
      expect(updated.json().errors).toEqual({ [path]: [message] });
    }
  });

  it('refuses a child template that does not exist and keeps one that does', async () => {
    const [template] = await server.database.db
      .insert(templates)
      .values({ name: 'Model page', items: [] })
      .returning({ id: templates.id });
    const refused = await post('/api/pages/store', {
      data: data('pages', 'Range', { child_template_id: 999999 }),
      parent: null,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ child_template_id: ['Choose a template from the list.'] });
    const id = await store('pages', 'Range', { child_template_id: template!.id });
    const res = await get(`/api/pages/edit?id=${id}`);
    expect(res.json().data.child_template_id).toBe(template!.id);
  });
});
