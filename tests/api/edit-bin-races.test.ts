import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingRecord } from '@/shared/missing';
import { createTestServer, databaseKind, type TestServer } from './harness';

/**
 * Edits that meet a bin call on the same record: giving a user a role as the role goes to the bin,
 * saving a brand as it is deleted forever, saving a page or form as it goes to the bin or comes
 * back. Whatever the timing, the calls answer as if one came after the other: the loser gets a
 * 4xx in the words the later call would get, never a 500, and nothing is left half-written.
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

const ROUNDS = 6;

const newRole = (name = 'Raced Role') =>
  ok('/api/roles/create', { name: unique(name), permissions: { brands: ['view'] } });
const userBody = (roleId: number, name = 'Raced User') => ({
  name: unique(name),
  email: `${slug(unique('raced'))}@example.com`,
  telephone: '01632 960123',
  job_title: 'Sales',
  password: 'a long enough password',
  avatar: null,
  role_id: roleId,
});

/** A new role and a new user holding it: their ids. */
async function userOnNewRole(name: string): Promise<{ role: number; user: number }> {
  const role = await newRole(`${name} Role`);
  return { role, user: await ok('/api/users/create', userBody(role, `${name} User`)) };
}

describe(`A role given to a user as it goes to the bin (${databaseKind})`, () => {
  const binRole = (id: number) => post('/api/roles/delete', { roles: [id], type: 'all' });
  const held = 'user holds this role: give them another role first.';

  /** No user, active or binned, holds a role that is in the bin or gone. */
  async function expectNoUserOnARemovedRole() {
    const stranded = await rows<{ id: number }>(sql`
      select u.id from users u left join roles r on r.id = u.role_id
      where u.deleted_at is null and (r.id is null or r.deleted_at is not null)`);
    expect(stranded).toEqual([]);
  }

  it('creates the user or bins the role, never both; the loser gets a 422 naming why', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const role = await newRole();
      const [created, binned] = await Promise.all([post('/api/users/create', userBody(role)), binRole(role)]);
      expect([created.statusCode, binned.statusCode].sort(), `${created.body} ${binned.body}`).toEqual([
        200, 422,
      ]);
      if (created.statusCode === 200) {
        expect(binned.json().errors).toEqual({ roles: [`1 ${held}`] });
      } else {
        expect(created.json().errors).toEqual({ role_id: ['Choose a role from the list.'] });
      }
      await expectNoUserOnARemovedRole();
    }
  });

  it('gives an existing user the role or bins it, never both', async () => {
    const id = await ok('/api/users/create', userBody(6));
    for (let round = 0; round < ROUNDS; round++) {
      const role = await newRole();
      const [row] = await rows<{ name: string; email: string }>(
        sql`select name, email from users where id = ${id}`,
      );
      const body = { ...userBody(role), name: row!.name, email: row!.email, password: undefined };
      const [updated, binned] = await Promise.all([post(`/api/users/update/${id}`, body), binRole(role)]);
      expect([updated.statusCode, binned.statusCode].sort(), `${updated.body} ${binned.body}`).toEqual([
        200, 422,
      ]);
      if (updated.statusCode === 422) {
        expect(updated.json().errors).toEqual({ role_id: ['Choose a role from the list.'] });
        // Still on the role they had.
        expect(
          (await rows<{ r: number }>(sql`select role_id as r from users where id = ${id}`))[0]!.r,
        ).not.toBe(role);
      }
      await expectNoUserOnARemovedRole();
      // Back on a role that stays, for the next round.
      await ok(`/api/users/update/${id}`, { ...body, role_id: 6 });
    }
  });
});

describe(`A user restored while their role is in the bin (${databaseKind})`, () => {
  const onBinnedRole = {
    users: ['Some of the selected users hold a role in the bin: restore the role first.'],
  };

  it('stays in the bin, with a 422 saying why', async () => {
    const { role, user } = await userOnNewRole('Binned');
    expect((await post('/api/users/delete', { users: [user], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/roles/delete', { roles: [role], type: 'all' })).statusCode).toBe(200);
    const restored = await post('/api/users/restore', { users: [user] });
    expect(restored.statusCode, restored.body).toBe(422);
    expect(restored.json().errors).toEqual(onBinnedRole);
    const [row] = await rows<{ binned: boolean }>(
      sql`select deleted_at is not null as binned from users where id = ${user}`,
    );
    expect(row!.binned).toBe(true);
  });

  it('is restored or the role binned, never both, when the two meet', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { role, user } = await userOnNewRole('Raced');
      expect((await post('/api/users/delete', { users: [user], type: 'all' })).statusCode).toBe(200);
      const [restored, binned] = await Promise.all([
        post('/api/users/restore', { users: [user] }),
        post('/api/roles/delete', { roles: [role], type: 'all' }),
      ]);
      expect([restored.statusCode, binned.statusCode].sort(), `${restored.body} ${binned.body}`).toEqual([
        200, 422,
      ]);
      const stranded = await rows<{ id: number }>(sql`
        select u.id from users u join roles r on r.id = u.role_id
        where u.deleted_at is null and r.deleted_at is not null`);
      expect(stranded).toEqual([]);
    }
  });
});

const brandBody = (name: string) => ({
  name,
  slug: slug(name),
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo: null,
});

describe(`A brand saved as it is deleted forever (${databaseKind})`, () => {
  it('saves then deletes, or deletes and answers the save 404; nothing of the brand is left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = unique('Raced Brand');
      const id = await ok('/api/brands/create', brandBody(name));
      expect((await post('/api/brands/delete', { brands: [id], type: 'all' })).statusCode).toBe(200);
      const [saved, deleted] = await Promise.all([
        post(`/api/brands/update/${id}`, { ...brandBody(name), live: false }),
        post('/api/brands/delete', { brands: [id], type: 'trashed' }),
      ]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect([200, 404], saved.body).toContain(saved.statusCode);
      const [left] = await rows<{ brand: number; revisions: number }>(sql`
        select (select count(*)::int from brands where id = ${id}) as brand,
          (select count(*)::int from revisions where area = 'brands' and record = ${String(id)}) as revisions`);
      expect(left).toEqual({ brand: 0, revisions: 0 });
    }
  });
});

describe(`Pages and forms saved as they go to the bin or come back (${databaseKind})`, () => {
  let brand = 0;
  beforeAll(async () => {
    brand = await ok('/api/brands/create', brandBody(unique('Page Brand')));
  });
  const pageBody = (name: string) => ({
    name,
    slug: 'ignored',
    brand_id: brand,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
  });
  const formBody = (name: string) => ({
    name,
    handle: 'ignored',
    meta: { title: name, description: `${name} form` },
    published: 0,
    is_allowed_children: 1,
    emails: {
      subject: 'New enquiry',
      email_title: 'Enquiry',
      email_body: 'Someone asked a question.',
      email_lists: 'sales@example.com',
    },
    thank_you: { description: 'We will be in touch.' },
  });
  const kinds = [
    { kind: 'pages', body: pageBody, missing: missingRecord('page') },
    { kind: 'forms', body: formBody, missing: missingRecord('form') },
  ] as const;

  describe.each(kinds)('$kind', ({ kind, body, missing }) => {
    it('saves then bins, or bins and answers the save as for a page not there', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const name = unique('Raced');
        const id = await ok(`/api/${kind}/store`, { data: body(name), parent: null });
        const [saved, binned] = await Promise.all([
          post(`/api/${kind}/update`, { id, data: body(`${name} saved`) }),
          post(`/api/${kind}/delete`, { id }),
        ]);
        expect(binned.statusCode, binned.body).toBe(200);
        const [row] = await rows<{ name: string; binned: boolean }>(
          sql`select name, deleted_at is not null as binned from pages where id = ${id}`,
        );
        expect(row!.binned).toBe(true);
        if (saved.statusCode === 200) {
          expect(row!.name).toBe(`${name} saved`);
          // Saved before it went to the bin, as the log tells it.
          const logged = await rows<{ action: string }>(sql`
            select action from activity where area = ${kind} and record_id = ${id}
              and action in ('updated', 'deleted') order by id`);
          expect(logged.map((entry) => entry.action)).toEqual(['updated', 'deleted']);
        } else {
          // The save found it in the bin, as a save after the delete does: it changed nothing.
          expect(saved.statusCode, saved.body).toBe(404);
          expect(saved.json().message).toBe(missing);
          expect(row!.name).toBe(name);
        }
      }
    });
  });

  it('puts a page back once when two restores arrive together; the other gets 404', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await ok('/api/pages/store', { data: pageBody(unique('Raced')), parent: null });
      expect((await post('/api/pages/delete', { id })).statusCode).toBe(200);
      const answers = await Promise.all([
        post('/api/pages/restore', { id }),
        post('/api/pages/restore', { id }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
      const [counts] = await rows<{ restored: number; at: number }>(sql`
        select (select count(*)::int from revisions where area = 'pages' and record = ${String(id)} and action = 'restored') as restored,
          (select count(*)::int from pages p, pages q where p.id = ${id} and q.deleted_at is null
            and q.parent_id is null and q.kind = 'page' and q.sort_order = p.sort_order) as at`);
      expect(counts).toEqual({ restored: 1, at: 1 });
    }
  });
});
