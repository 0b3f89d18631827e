import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealershipBody } from './accessFixtures';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

/**
 * Bin calls that meet: a restore and a delete forever of the same record, many deletes forever,
 * two moves to the bin, a move to the bin and a restore. Whatever the timing, the answers and the
 * stored record read as if the calls came one after another: one wins, the others get the 422 the
 * later call would get, a record that survives keeps its history and its images' uses, and the
 * activity log has one entry per change that happened.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter} ${Math.random().toString(36).slice(2, 7)}`;
const slug = (name: string) => name.toLowerCase().replace(/\W+/g, '-');

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function ok(url: string, body: unknown): Promise<number> {
  const res = await post(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

let padding = 0;
/** A new image in the media library: its id. */
async function uploaded(): Promise<number> {
  const { payload, headers } = multipartBody([
    { name: 'files[]', filename: 'image.png', contentType: 'image/png', bytes: tinyPng(++padding) },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].item.id as number;
}

/** An area with a bin: how to make a record of it with a history (where it keeps one) and an image. */
interface Area {
  key: 'brands' | 'dealerships' | 'users' | 'roles';
  singular: string;
  /** Revisions the new record has: created and updated; none where the area keeps no history. */
  revisions: number;
  /** Library images the new record uses. */
  images: number;
  /** The column of the area's hand-made order, if it has one. */
  position?: string;
  make: () => Promise<number>;
}

const brandBody = (name: string, logo: number | null) => ({
  name,
  slug: slug(name),
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo,
});

const areas: Area[] = [
  {
    key: 'brands',
    singular: 'brand',
    revisions: 2,
    images: 1,
    position: 'sort_order',
    make: async () => {
      const name = unique('Raced Brand');
      const logo = await uploaded();
      const id = await ok('/api/brands/create', brandBody(name, logo));
      await ok(`/api/brands/update/${id}`, { ...brandBody(name, logo), live: false });
      return id;
    },
  },
  {
    key: 'dealerships',
    singular: 'dealership',
    revisions: 2,
    images: 1,
    position: 'sort_order',
    make: async () => {
      const name = unique('Raced Dealership');
      const body = dealershipBody(name, null, { banner_img: [await uploaded()] });
      const id = await ok('/api/dealerships/create', body);
      await ok(`/api/dealerships/update/${id}`, { ...body, live: false });
      return id;
    },
  },
  {
    key: 'users',
    singular: 'user',
    revisions: 0,
    images: 1,
    make: () =>
      ok('/api/users/create', {
        name: unique('Raced User'),
        email: `${slug(unique('raced'))}@example.com`,
        telephone: '01632 960123',
        job_title: 'Sales',
        password: 'a long enough password',
        avatar: null,
        role_id: 6,
      }).then(async (id) => {
        const avatar = await uploaded();
        const [row] = await rows<{ name: string; email: string }>(
          sql`select name, email from users where id = ${id}`,
        );
        await ok(`/api/users/update/${id}`, {
          name: row!.name,
          email: row!.email,
          telephone: '01632 960123',
          job_title: 'Sales',
          avatar,
          role_id: 6,
        });
        return id;
      }),
  },
  {
    key: 'roles',
    singular: 'role',
    revisions: 2,
    images: 0,
    make: async () => {
      const name = unique('Raced Role');
      const id = await ok('/api/roles/create', { name, permissions: { brands: ['view'] } });
      await ok(`/api/roles/update/${id}`, { name, permissions: { brands: ['view', 'update'] } });
      return id;
    },
  },
];

/** What is stored about one record: the row's state, its revisions, image uses and activity. */
async function stored(area: Area, id: number) {
  const table = sql.identifier(area.key);
  const [row] = await rows<{ binned: boolean }>(
    sql`select deleted_at is not null as binned from ${table} where id = ${id}`,
  );
  const [counts] = await rows<{ revisions: number; images: number }>(sql`
    select (select count(*)::int from revisions where area = ${area.key} and record = ${String(id)}) as revisions,
      (select count(*)::int from media_uses where area = ${area.key} and record_id = ${id}) as images`);
  const logged = await rows<{ action: string; n: number }>(sql`
    select action, count(*)::int as n from activity
    where area = ${area.key} and record_id = ${id} and action in ('deleted', 'restored', 'deleted_forever')
    group by action`);
  return {
    row: row ? (row.binned ? 'binned' : 'active') : 'gone',
    revisions: counts!.revisions,
    images: counts!.images,
    activity: Object.fromEntries(logged.map((entry) => [entry.action, entry.n])),
  };
}

/** The positions of the area's listed rows: 1..n, each once, whatever the calls did. */
async function expectListWhole(area: Area) {
  if (!area.position) return;
  const column = sql.identifier(area.position);
  const listed = await rows<{ p: number }>(
    sql`select ${column} as p from ${sql.identifier(area.key)} where deleted_at is null order by 1`,
  );
  expect(listed.map((r) => r.p)).toEqual(listed.map((_, i) => i + 1));
}

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

describe.each(areas)(`Simultaneous bin calls on $key (${databaseKind})`, (area) => {
  const { key } = area;
  const remove = (id: number, type: 'all' | 'trashed') => post(`/api/${key}/delete`, { [key]: [id], type });
  const restore = (id: number) => post(`/api/${key}/restore`, { [key]: [id] });
  const notInBin = { [key]: [`Some of the selected ${key} are not in the bin.`] };
  const missing = { [key]: [`Some of the selected ${key} do not exist.`] };

  it('lets a restore or a delete forever win, never both; the loser gets 422 not in the bin', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await area.make();
      expect((await remove(id, 'all')).statusCode).toBe(200);
      expect(await stored(area, id)).toMatchObject({ revisions: area.revisions, images: area.images });

      const [restored, deleted] = await Promise.all([restore(id), remove(id, 'trashed')]);
      expect(statuses([restored, deleted])).toEqual([200, 422]);
      const after = await stored(area, id);
      if (restored.statusCode === 200) {
        expect(restored.json()).toEqual({ message: `Restored 1 ${area.singular}(s).` });
        expect(deleted.json().errors).toEqual(notInBin);
        // Back with its history, one revision more where the area keeps them, and its images.
        expect(after).toEqual({
          row: 'active',
          revisions: area.revisions === 0 ? 0 : area.revisions + 1,
          images: area.images,
          activity: { deleted: 1, restored: 1 },
        });
      } else {
        expect(deleted.json()).toEqual({ message: `Deleted 1 ${area.singular}(s) forever.` });
        expect(restored.json().errors).toEqual(notInBin);
        expect(after).toEqual({
          row: 'gone',
          revisions: 0,
          images: 0,
          activity: { deleted: 1, deleted_forever: 1 },
        });
      }
      await expectListWhole(area);
    }
  });

  it('deletes a record forever once when ten deletes arrive together; the others get 422', async () => {
    const id = await area.make();
    expect((await remove(id, 'all')).statusCode).toBe(200);

    const answers = await Promise.all(Array.from({ length: 10 }, () => remove(id, 'trashed')));
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(422)]);
    for (const answer of answers) {
      if (answer.statusCode === 200) {
        expect(answer.json()).toEqual({ message: `Deleted 1 ${area.singular}(s) forever.` });
      } else {
        expect(answer.json().errors).toEqual(notInBin);
      }
    }
    expect(await stored(area, id)).toEqual({
      row: 'gone',
      revisions: 0,
      images: 0,
      activity: { deleted: 1, deleted_forever: 1 },
    });
  });

  it('moves a record to the bin once when two moves arrive together; the other gets 422', async () => {
    const id = await area.make();
    const answers = await Promise.all([remove(id, 'all'), remove(id, 'all')]);
    expect(statuses(answers)).toEqual([200, 422]);
    const [won, lost] = answers[0]!.statusCode === 200 ? answers : [answers[1]!, answers[0]!];
    expect(won!.json()).toEqual({ message: `Moved 1 ${area.singular}(s) to the bin.` });
    expect(lost!.json().errors).toEqual(missing);
    expect(await stored(area, id)).toEqual({
      row: 'binned',
      revisions: area.revisions,
      images: area.images,
      activity: { deleted: 1 },
    });
    await expectListWhole(area);
  });

  it('restores a record a move to the bin meets: the move lands after it, or gets 422', async () => {
    const id = await area.make();
    expect((await remove(id, 'all')).statusCode).toBe(200);

    const [restored, binned] = await Promise.all([restore(id), remove(id, 'all')]);
    expect(restored.statusCode, restored.body).toBe(200);
    const after = await stored(area, id);
    const revisions = area.revisions === 0 ? 0 : area.revisions + 1;
    if (binned.statusCode === 200) {
      expect(after).toEqual({
        row: 'binned',
        revisions,
        images: area.images,
        activity: { deleted: 2, restored: 1 },
      });
    } else {
      expect(binned.statusCode).toBe(422);
      expect(binned.json().errors).toEqual(missing);
      expect(after).toEqual({
        row: 'active',
        revisions,
        images: area.images,
        activity: { deleted: 1, restored: 1 },
      });
    }
    await expectListWhole(area);
  });
});
