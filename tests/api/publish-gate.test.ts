import { brands } from '@server/db/schema/brands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { tokenCalls } from './tokenCalls';

/**
 * Publishing needs 'publish' by every route that puts a page or form on the website or takes it
 * off: the toggle, a save that sets Published or its times, a new record made published, a
 * duplicate that publishes its children, and putting back a published page. An editor without it
 * still edits.
 */

let server: TestServer;
let admin: string;
let editor: string;
let brandId: number;
let section: number;
let page: number;
let form: number;

const CANNOT_PUBLISH_PAGES = 'Your role, Editor, cannot publish pages.';
const CANNOT_PUBLISH_FORMS = 'Your role, Editor, cannot publish forms.';

const { post } = tokenCalls(() => server);

function pageBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    ...extra,
  };
}

function formBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    emails: {
      subject: 'Thanks',
      email_title: 'Thanks',
      email_body: 'We will be in touch.',
      send_email: 0,
      email_lists: ['sales@example.com'],
      email_type: 'emails',
    },
    thank_you: { title: 'Thank you', description: 'We will be in touch.' },
    ...extra,
  };
}

async function made(res: Awaited<ReturnType<typeof post>>): Promise<number> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name: 'Alpha Motors', slug: 'alpha', live: true, sortOrder: 1 })
    .returning({ id: brands.id });
  brandId = brand!.id;
  section = await made(await post(admin, '/api/pages/store', { data: pageBody('Range'), parent: null }));
  page = await made(await post(admin, '/api/pages/store', { data: pageBody('Hatchback'), parent: section }));
  form = await made(await post(admin, '/api/forms/store', { data: formBody('Test drive'), parent: null }));
  await addRole(server, 'Editor', {
    pages: ['view', 'create', 'update', 'delete'],
    forms: ['view', 'create', 'update', 'delete'],
  });
  editor = (await signedInAs(server, 'Editor')).token;
});
afterAll(() => server.close());

const isRefused = (res: Awaited<ReturnType<typeof post>>, message: string) =>
  expect([res.statusCode, res.json().message]).toEqual([403, message]);

describe(`publishing without the publish permission (${databaseKind})`, () => {
  it('refuses the toggle', async () => {
    isRefused(await post(editor, '/api/pages/publishable', { id: page }), CANNOT_PUBLISH_PAGES);
  });

  it('refuses a save that publishes, unpublishes or schedules, and allows one that does not', async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const now = new Date().toISOString();
    for (const extra of [
      { published: 1, published_at: now },
      { published: 1, published_at: soon },
      { published: 1, published_at: now, unpublish_at: later },
    ]) {
      isRefused(
        await post(editor, '/api/pages/update', { id: page, data: pageBody('Hatchback', extra) }),
        CANNOT_PUBLISH_PAGES,
      );
    }
    const edited = await post(editor, '/api/pages/update', { id: page, data: pageBody('Hatchback estate') });
    expect(edited.statusCode, edited.body).toBe(200);
    // Taking a published page down is publishing too.
    expect((await post(admin, '/api/pages/publishable', { id: page })).json().published).toBe(1);
    const shown = (await server.call('GET', `/api/pages/edit?id=${page}`, { token: editor })).json().data;
    isRefused(
      await post(editor, '/api/pages/update', { id: page, data: pageBody('Hatchback estate') }),
      CANNOT_PUBLISH_PAGES,
    );
    // Saved as loaded (the picker's minute of the publish time), a published page keeps its state.
    const kept = { published: 1, published_at: `${shown.published_at.slice(0, 16)}:00.000Z` };
    const resaved = await post(editor, '/api/pages/update', {
      id: page,
      data: pageBody('Hatchback five door', kept),
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await post(admin, '/api/pages/publishable', { id: page })).json().published).toBe(0);
  });

  it('refuses a new page or form made published', async () => {
    isRefused(
      await post(editor, '/api/pages/store', {
        data: pageBody('Coupe', { published: 1, published_at: new Date().toISOString() }),
        parent: section,
      }),
      CANNOT_PUBLISH_PAGES,
    );
    isRefused(
      await post(editor, '/api/forms/store', {
        data: formBody('Brochure', { published: 1, published_at: new Date().toISOString() }),
        parent: null,
      }),
      CANNOT_PUBLISH_FORMS,
    );
    isRefused(
      await post(editor, '/api/forms/update', {
        id: form,
        data: formBody('Test drive', { published: 1, published_at: new Date().toISOString() }),
      }),
      CANNOT_PUBLISH_FORMS,
    );
    await made(await post(editor, '/api/pages/store', { data: pageBody('Coupe'), parent: section }));
  });

  it('refuses a duplicate that publishes its children, and allows one that does not', async () => {
    const fields = { name: 'Range copy', children: true, publish_children: true };
    isRefused(
      await post(editor, '/api/pages/duplicate', { id: section, parent: null, fields }),
      CANNOT_PUBLISH_PAGES,
    );
    const plain = await post(editor, '/api/pages/duplicate', {
      id: section,
      parent: null,
      fields: { ...fields, publish_children: false },
    });
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('refuses putting back a published page, and puts back an unpublished one', async () => {
    const live = await made(
      await post(admin, '/api/pages/store', {
        data: pageBody('Live', { published: 1, published_at: new Date().toISOString() }),
        parent: section,
      }),
    );
    expect((await post(admin, '/api/pages/delete', { id: live })).statusCode).toBe(200);
    isRefused(await post(editor, '/api/pages/restore', { id: live }), CANNOT_PUBLISH_PAGES);
    const draft = await made(
      await post(editor, '/api/pages/store', { data: pageBody('Draft'), parent: section }),
    );
    expect((await post(editor, '/api/pages/delete', { id: draft })).statusCode).toBe(200);
    expect((await post(editor, '/api/pages/restore', { id: draft })).statusCode).toBe(200);
  });

  it('lets a role with publish do all of it', async () => {
    const { token } = await signedInAs(server, 'Marketing');
    expect((await post(token, '/api/pages/publishable', { id: page })).json().published).toBe(1);
    const res = await post(token, '/api/pages/duplicate', {
      id: section,
      parent: null,
      fields: { name: 'Range live copy', children: true, publish_children: true },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
