import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInput, hero, richText } from './blocks';
import { createTestServer, databaseKind } from './harness';
import { get, pageData, post, type TreeClient, treeClientOn } from './pages-tree';

/**
 * Spec §4 Locked page: a locked page's blocks cannot be added, moved or removed, and it cannot be
 * unlocked, through any call; the field values of the blocks it has stay editable.
 */

let c: TreeClient;

beforeAll(async () => {
  const server = await createTestServer();
  c = await treeClientOn(server, { name: 'Kia', slug: 'kia' });
});
afterAll(() => c.server.close());

const PAGE_LOCKED = 'This page is locked you cannot make structural changes to this page.';
const TEMPLATE_LOCKED = 'This template is locked you cannot make structural changes to this template.';

interface Stored {
  items: {
    id?: string;
    index: string;
    name: string;
    sections: Record<string, { fields: Record<string, unknown> }>;
  }[];
  locked: 0 | 1;
  child_template_id: number | null;
  updated_at: string;
}

async function edit(area: 'pages' | 'forms' | 'templates', id: number): Promise<Stored> {
  const res = await get(c, `/api/${area}/edit?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const blocks = (stored: Stored) => stored.items.map((item) => item.index);

async function lockedPage(): Promise<number> {
  const res = await post(c, '/api/pages/store', {
    data: pageData(c, `Locked ${Math.random()}`, { locked: 1, items: [hero(), richText()] }),
    parent: null,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function storeTemplate(data: Record<string, unknown>): Promise<number> {
  const res = await post(c, '/api/templates/store', { data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe(`a locked page (${databaseKind})`, () => {
  it('refuses adding, removing and reordering its blocks, unlocking it and changing its child template', async () => {
    const id = await lockedPage();
    const template = await storeTemplate({ name: `Child ${id}`, items: [] });
    const before = await edit('pages', id);
    const refused: [string, Record<string, unknown>][] = [
      ['a block added', { items: [hero(), richText(), richText('# More')] }],
      ['a block removed', { items: [hero()] }],
      ['every block removed', { items: [] }],
      ['the blocks reordered', { items: [richText(), hero()] }],
      ['a block swapped for another type', { items: [hero(), hero()] }],
      ['unlocked', { items: [hero(), richText()], locked: 0 }],
      ['the lock left out', { items: [hero(), richText()], locked: undefined }],
      ['another child template', { items: [hero(), richText()], child_template_id: template }],
    ];
    for (const [what, change] of refused) {
      const res = await post(c, '/api/pages/update', {
        id,
        data: pageData(c, 'Locked page', { locked: 1, ...change }),
        updated_at: before.updated_at,
      });
      expect(res.statusCode, what).toBe(403);
      expect(res.json().message, what).toBe(PAGE_LOCKED);
    }
    const after = await edit('pages', id);
    expect(after).toEqual(before);
  });

  it('refuses two blocks of one type trading places, and keeps each block where it was', async () => {
    const res = await post(c, '/api/pages/store', {
      data: pageData(c, `Locked pair ${Math.random()}`, {
        locked: 1,
        items: [
          { ...richText('# First words'), name: 'First' },
          { ...richText('# Second words'), name: 'Second' },
        ],
      }),
      parent: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id;
    const before = await edit('pages', id);
    const swapped = await post(c, '/api/pages/update', {
      id,
      data: pageData(c, 'Locked pair', { locked: 1, items: [before.items[1], before.items[0]] }),
      updated_at: before.updated_at,
    });
    expect(swapped.statusCode, swapped.body).toBe(403);
    expect(swapped.json().message).toBe(PAGE_LOCKED);
    const after = await edit('pages', id);
    expect(after.items.map((item) => item.name)).toEqual(['First', 'Second']);
    expect(after.items[0]!.sections.content!.fields.body).toBe('# First words');
  });

  it('refuses a change of blocks without updated_at just the same', async () => {
    const id = await lockedPage();
    const res = await post(c, '/api/pages/update', {
      id,
      data: pageData(c, 'Locked page', { locked: 1, items: [hero()] }),
    });
    expect(res.statusCode).toBe(403);
    expect(blocks(await edit('pages', id))).toEqual(['hero', 'rich_text']);
  });

  it('saves new field values in the blocks it has, and its other fields', async () => {
    const id = await lockedPage();
    const before = await edit('pages', id);
    const res = await post(c, '/api/pages/update', {
      id,
      data: pageData(c, 'Renamed locked page', {
        locked: 1,
        // Each block sent back with its id: the same blocks, in the same places.
        items: [
          { ...hero({ hidden: true }), id: before.items[0]!.id },
          { ...richText('# Changed words'), id: before.items[1]!.id },
        ],
        meta: { title: 'New title', description: 'New description' },
      }),
      updated_at: before.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await edit('pages', id);
    expect(blocks(after)).toEqual(['hero', 'rich_text']);
    expect(after.items[1]!.sections.content!.fields.body).toBe('# Changed words');
    expect(after).toMatchObject({ locked: 1, name: 'Renamed locked page', meta: { title: 'New title' } });
  });

  it('refuses moving, deleting and sorting it', async () => {
    const id = await lockedPage();
    const other = await lockedPage();
    const calls: [string, unknown][] = [
      ['/api/pages/move', { id, parent: other }],
      ['/api/pages/delete', { id }],
      ['/api/pages/sort', { data: [{ id, index: 1 }] }],
    ];
    for (const [url, body] of calls) {
      const res = await post(c, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(PAGE_LOCKED);
    }
    expect((await get(c, `/api/pages/show?id=${id}`)).json().data).toMatchObject({ parent_id: null });
  });

  it('is copied whole by a duplicate, which leaves it as it was', async () => {
    const id = await lockedPage();
    const before = await edit('pages', id);
    const res = await post(c, '/api/pages/duplicate', {
      id,
      parent: null,
      fields: { name: `Copy of ${id}`, children: false, publish_children: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await edit('pages', id)).toEqual(before);
    const copy = await edit('pages', res.json().id);
    expect(copy).toMatchObject({ locked: 1, items: before.items });
  });
});

describe(`a locked form (${databaseKind})`, () => {
  const formData = (items: unknown[], extra: Record<string, unknown> = {}) => ({
    name: 'Locked enquiry',
    meta: { title: 'Enquiry', description: 'Enquiry form' },
    published: 0,
    locked: 1,
    items,
    emails: {
      subject: 'New enquiry',
      email_title: 'Enquiry',
      email_body: 'Someone asked.',
      email_lists: 'sales@example.com',
    },
    thank_you: { description: 'Thanks.' },
    ...extra,
  });

  it('keeps its blocks and its lock, and saves new field values in them', async () => {
    const stored = await post(c, '/api/forms/store', { data: formData([emailInput()]), parent: null });
    expect(stored.statusCode, stored.body).toBe(200);
    const id = stored.json().id;
    const before = await edit('forms', id);
    for (const change of [
      formData([emailInput(), emailInput('0')]),
      formData([]),
      formData([emailInput()], { locked: 0 }),
    ]) {
      const res = await post(c, '/api/forms/update', { id, data: change, updated_at: before.updated_at });
      expect(res.statusCode, JSON.stringify(change.items)).toBe(403);
      expect(res.json().message).toBe(PAGE_LOCKED);
    }
    expect((await post(c, '/api/forms/delete', { id })).statusCode).toBe(403);
    expect(await edit('forms', id)).toEqual(before);

    const res = await post(c, '/api/forms/update', {
      id,
      data: formData([{ ...emailInput('0'), id: before.items[0]!.id }]),
      updated_at: before.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await edit('forms', id);
    expect(after.items[0]!.sections.settings!.fields.required).toBe('0');
    expect(after.locked).toBe(1);
  });
});

describe(`a locked template (${databaseKind})`, () => {
  it('keeps its blocks and its lock, and saves new field values and its other flags', async () => {
    const data = (extra: Record<string, unknown>) => ({
      name: `Locked template ${Math.random()}`,
      items: [hero(), richText()],
      locked: 1,
      lock_pages: 0,
      ...extra,
    });
    const id = await storeTemplate(data({}));
    const before = await edit('templates', id);
    const name = (before as unknown as { name: string }).name;
    for (const [what, change] of [
      ['a block added', { items: [hero(), richText(), richText()] }],
      ['a block removed', { items: [richText()] }],
      ['the blocks reordered', { items: [richText(), hero()] }],
      ['unlocked', { locked: 0 }],
    ] as const) {
      const res = await post(c, '/api/templates/update', {
        id,
        data: data({ name, ...change }),
        updated_at: before.updated_at,
      });
      expect(res.statusCode, what).toBe(403);
      expect(res.json().message, what).toBe(TEMPLATE_LOCKED);
    }
    expect(await edit('templates', id)).toEqual(before);

    const res = await post(c, '/api/templates/update', {
      id,
      data: data({
        name,
        // Each block sent back with its id: the same blocks, in the same places.
        items: [
          { ...hero(), id: before.items[0]!.id },
          { ...richText('# Starts like this'), id: before.items[1]!.id },
        ],
        lock_pages: 1,
      }),
      updated_at: before.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await edit('templates', id);
    expect(blocks(after)).toEqual(['hero', 'rich_text']);
    expect(after.items[1]!.sections.content!.fields.body).toBe('# Starts like this');
    expect(after).toMatchObject({ locked: 1, lock_pages: 1 });
  });

  it('refuses two blocks of one type trading places, and keeps each block where it was', async () => {
    const id = await storeTemplate({
      name: `Locked template pair ${Math.random()}`,
      items: [
        { ...richText('# First words'), name: 'First' },
        { ...richText('# Second words'), name: 'Second' },
      ],
      locked: 1,
      lock_pages: 0,
    });
    const before = await edit('templates', id);
    const name = (before as unknown as { name: string }).name;
    const swapped = await post(c, '/api/templates/update', {
      id,
      data: { name, items: [before.items[1], before.items[0]], locked: 1, lock_pages: 0 },
      updated_at: before.updated_at,
    });
    expect(swapped.statusCode, swapped.body).toBe(403);
    expect(swapped.json().message).toBe(TEMPLATE_LOCKED);
    const after = await edit('templates', id);
    expect(after.items.map((item) => item.name)).toEqual(['First', 'Second']);
    expect(after.items[0]!.sections.content!.fields.body).toBe('# First words');
  });
});
