import { brands } from '@server/db/schema/brands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@/api/contract/comments';
import { hero, richText } from './blocks';
import { createTestServer, databaseKind, insertUser, signedInAs, type TestServer } from './harness';
import { get, post, store, type TreeClient } from './pages-tree';

let server: TestServer;
let c: TreeClient;
let fordId: number;

beforeAll(async () => {
  server = await createTestServer();
  const token = await server.login();
  const insert = async (name: string, sortOrder: number) =>
    (
      await server.database.db
        .insert(brands)
        .values({ name, slug: name.toLowerCase(), sortOrder })
        .returning({ id: brands.id })
    )[0]!.id;
  c = { server, token, brandId: await insert('Kia', 1) };
  fordId = await insert('Ford', 2);
});
afterAll(() => server.close());

interface Edited {
  id: number;
  updated_at: string;
  items: Array<{ id: string; name: string }>;
}

async function edit(id: number): Promise<Edited> {
  const res = await get(c, `/api/pages/edit?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A page with two blocks, saved once (so it has a revision and ids for its blocks). */
async function pageWithBlocks(name: string, brand = c.brandId): Promise<Edited> {
  const id = await store(c, name, null, { brand_id: brand, items: [hero(), richText()] });
  return edit(id);
}

const comment = async (body: Record<string, unknown>, token = c.token) =>
  server.call('POST', '/api/comments/create', { token, body });
const list = async (record: string, token = c.token) =>
  server.call('GET', `/api/comments?record=${encodeURIComponent(record)}`, { token });

describe(`Comments on pages, blocks and fields (${databaseKind})`, () => {
  it('keeps threads on the page, a block and a field, with the revision they were made on', async () => {
    const page = await pageWithBlocks('Finance offers');
    const record = `pages:${page.id}`;
    const [heroBlock, text] = page.items;
    await insertUser(server, { name: 'Robin Editor', email: 'robin@example.com' });

    const onPage = await comment({ record, body: 'Is the APR right? @robin editor please check' });
    expect(onPage.statusCode, onPage.body).toBe(200);
    const made = onPage.json().data as Comment;
    expect(made).toMatchObject({
      record,
      block_key: null,
      field: null,
      author: { name: 'Site Administrator' },
      mentions: [{ name: 'Robin Editor' }],
      resolved_at: null,
    });
    expect(made.revision_id).toEqual(expect.any(Number));
    const onBlock = (await comment({ record, block_key: text!.id, body: 'Shorter, please.' })).json().data;
    const onField = (
      await comment({ record, block_key: heroBlock!.id, field: 'content.title', body: 'Name the trim.' })
    ).json().data;
    expect(onBlock).toMatchObject({ block_key: text!.id, field: null, mentions: [] });
    expect(onField).toMatchObject({ block_key: heroBlock!.id, field: 'content.title' });

    // The blocks swap places and the page is saved again: the comments stay with their blocks.
    const res = await post(c, '/api/pages/update', {
      id: page.id,
      updated_at: page.updated_at,
      data: {
        name: 'Finance offers',
        slug: 'finance-offers',
        brand_id: c.brandId,
        meta: { title: 'Finance offers', description: 'About' },
        published: 0,
        items: [
          { ...richText('Moved up'), id: text!.id },
          { ...hero(), id: heroBlock!.id },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const later = await edit(page.id);
    expect(later.items.map((i) => i.id)).toEqual([text!.id, heroBlock!.id]);
    const newer = (await comment({ record, block_key: text!.id, body: 'Better.' })).json().data as Comment;
    expect(newer.revision_id).toBeGreaterThan(made.revision_id!);

    const all = (await list(record)).json().data as Comment[];
    expect(all.map((x) => [x.block_key, x.field, x.body])).toEqual([
      [null, null, 'Is the APR right? @robin editor please check'],
      [text!.id, null, 'Shorter, please.'],
      [heroBlock!.id, 'content.title', 'Name the trim.'],
      [text!.id, null, 'Better.'],
    ]);
  });

  it('resolves and reopens a thread, naming who resolved it', async () => {
    const page = await pageWithBlocks('Service plans');
    const made = (await comment({ record: `pages:${page.id}`, body: 'Check the price.' })).json().data;
    const resolved = await server.call('POST', '/api/comments/resolve', {
      token: c.token,
      body: { id: made.id },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      resolved_at: expect.any(String),
      resolved_by: { name: 'Site Administrator' },
    });
    const reopened = await server.call('POST', '/api/comments/reopen', {
      token: c.token,
      body: { id: made.id },
    });
    expect(reopened.json().data).toMatchObject({ resolved_at: null, resolved_by: null });
    const stored = (await list(`pages:${page.id}`)).json().data as Comment[];
    expect(stored[0]).toMatchObject({ id: made.id, resolved_at: null });
  });

  it('threads replies under the first comment, about what it is about, and reopens a resolved thread', async () => {
    const page = await pageWithBlocks('Lease deals');
    const record = `pages:${page.id}`;
    const [heroBlock] = page.items;
    const first = (
      await comment({ record, block_key: heroBlock!.id, field: 'content.title', body: 'Name the trim.' })
    ).json().data as Comment;
    expect(first.reply_to).toBeNull();

    // A reply says nothing of what it is about, or something else: it is about the thread's field.
    const reply = await comment({ record, reply_to: first.id, block_key: null, body: 'Done: GT-Line.' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({
      reply_to: first.id,
      block_key: heroBlock!.id,
      field: 'content.title',
      body: 'Done: GT-Line.',
    });
    // A reply to a reply joins the same thread.
    const again = (await comment({ record, reply_to: reply.json().data.id, body: 'Thanks.' })).json().data;
    expect(again.reply_to).toBe(first.id);

    // Resolving by a reply's id resolves its thread; a new reply opens it again.
    const resolved = await server.call('POST', '/api/comments/resolve', {
      token: c.token,
      body: { id: again.id },
    });
    expect(resolved.json().data).toMatchObject({ id: first.id, resolved_at: expect.any(String) });
    await comment({ record, reply_to: first.id, body: 'One more thing: the APR.' });
    const stored = (await list(record)).json().data as Comment[];
    expect(stored.map((x) => [x.reply_to, x.body, x.resolved_at])).toEqual([
      [null, 'Name the trim.', null],
      [first.id, 'Done: GT-Line.', null],
      [first.id, 'Thanks.', null],
      [first.id, 'One more thing: the APR.', null],
    ]);

    // Replies to a comment of another page, or none, are refused at reply_to.
    const other = await pageWithBlocks('Other deals');
    for (const replyTo of [first.id, 999999]) {
      const refused = await comment({ record: `pages:${other.id}`, reply_to: replyTo, body: 'x' });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['reply_to']);
    }
    expect((await comment({ record, reply_to: 'first', body: 'x' })).statusCode).toBe(422);

    // Replies sent at once all land in the thread.
    const many = await Promise.all(
      ['a', 'b', 'c', 'd'].map((body) => comment({ record, reply_to: first.id, body })),
    );
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await list(record)).json().data.filter((x: Comment) => x.reply_to === first.id)).toHaveLength(7);
  });

  it('answers bad input with field errors', async () => {
    const page = await pageWithBlocks('Used cars');
    const record = `pages:${page.id}`;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ record, body: '   ' }, 'body'],
      [{ record: 'brands:1', body: 'x' }, 'record'],
      [{ record, body: 'x'.repeat(5001) }, 'body'],
      [{ record, block_key: 'not-a-uuid', body: 'x' }, 'block_key'],
      [{ record, field: 'content.title', body: 'x' }, 'field'],
      [{ record, block_key: '7b4b5f0e-8c1a-4c9d-9a55-0f3e6e2c1a11', body: 'x' }, 'block_key'],
      [{ record, block_key: page.items[0]!.id, field: 'nowhere.title', body: 'x' }, 'field'],
    ];
    for (const [body, field] of cases) {
      const res = await comment(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect((await list('pages:abc')).statusCode).toBe(422);
    expect(
      (await server.call('POST', '/api/comments/resolve', { token: c.token, body: { id: 999999 } }))
        .statusCode,
    ).toBe(404);
  });

  it('lets only those who may view the page read or write its comments', async () => {
    const kia = await pageWithBlocks('Kia offers');
    const ford = await pageWithBlocks('Ford offers', fordId);
    const onFord = (await comment({ record: `pages:${ford.id}`, body: 'Ford only.' })).json().data;

    const sales = await signedInAs(server, 'Sales');
    expect((await list(`pages:${kia.id}`, sales.token)).statusCode).toBe(403);
    expect((await comment({ record: `pages:${kia.id}`, body: 'x' }, sales.token)).statusCode).toBe(403);

    const manager = await signedInAs(server, 'Brand manager', { brand_ids: [c.brandId] });
    expect((await list(`pages:${ford.id}`, manager.token)).statusCode).toBe(404);
    expect((await comment({ record: `pages:${ford.id}`, body: 'x' }, manager.token)).statusCode).toBe(404);
    const resolve = await server.call('POST', '/api/comments/resolve', {
      token: manager.token,
      body: { id: onFord.id },
    });
    expect(resolve.statusCode).toBe(404);
    expect((await list(`pages:${ford.id}`)).json().data[0]).toMatchObject({ resolved_at: null });

    // A Read only user may view the page and so discuss it.
    const reader = await signedInAs(server, 'Read only', { brand_ids: [c.brandId] });
    const theirs = await comment({ record: `pages:${kia.id}`, body: 'Looks right to me.' }, reader.token);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect((await list(`pages:${kia.id}`, reader.token)).json().data).toHaveLength(1);
  });
});
