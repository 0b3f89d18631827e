import { userSearchText, users } from '@server/db/schema/users';
import { listBoth, listPage, type PagedSource } from '@server/domain/listing';
import { toUser, type UserRow, usersListing } from '@server/domain/users';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/api/contract/users';
import { createTestServer, databaseKind, insertUser, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  for (let i = 1; i <= 7; i += 1) {
    await insertUser(server, { name: `Listed Person ${i}`, email: `listed${i}@list.example.com` });
  }
});
afterAll(() => server.close());

/** A list without a bin, as reservations will have: everyone, oldest first. */
const everyone: PagedSource<UserRow, User> = {
  name: 'test_everyone',
  table: users,
  searchText: userSearchText(users),
  select: (db) => db.select().from(users).$dynamic(),
  order: [asc(users.id)],
  toItem: (row) => toUser({ ...row, roleName: 'Read only', avatar: null }),
};

describe(`A list without a bin (${databaseKind})`, () => {
  it('pages the rows a search finds and counts them all', async () => {
    const db = server.database.db;
    const first = await listPage(db, everyone, { search: 'listed person', page: 1, perPage: 5 });
    expect(first.total).toBe(7);
    expect(first.rows.map((u) => u.name)).toEqual([1, 2, 3, 4, 5].map((n) => `Listed Person ${n}`));
    const second = await listPage(db, everyone, { search: 'listed person', page: 2, perPage: 5 });
    expect(second.rows.map((u) => u.name)).toEqual(['Listed Person 6', 'Listed Person 7']);
  });

  it('puts every row on one page for perPage -1, and counts the whole list without a search', async () => {
    const all = await listPage(server.database.db, everyone, { search: '', page: 1, perPage: -1 });
    // The admin and the seven listed people.
    expect(all.total).toBe(8);
    expect(all.rows).toHaveLength(8);
  });

  it('gives the same answers when the same prepared statements run again at once', async () => {
    const db = server.database.db;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        listPage(db, everyone, { search: `person ${(i % 7) + 1}`, page: 1, perPage: 5 }),
      ),
    );
    expect(answers.map((a) => a.rows.map((u) => u.name))).toEqual(
      Array.from({ length: 10 }, (_, i) => [`Listed Person ${(i % 7) + 1}`]),
    );
  });

  it('narrows a list for good with a value bound per call', async () => {
    const db = server.database.db;
    const one = { ...everyone, name: 'test_one_email', where: eq(users.email, sql.placeholder('email')) };
    const found = await listPage(
      db,
      one,
      { search: '', page: 1, perPage: 5 },
      { email: 'listed3@list.example.com' },
    );
    expect(found).toMatchObject({ total: 1, rows: [{ name: 'Listed Person 3' }] });
    const other = await listPage(
      db,
      one,
      { search: 'listed', page: 1, perPage: 5 },
      { email: 'listed5@list.example.com' },
    );
    expect(other).toMatchObject({ total: 1, rows: [{ name: 'Listed Person 5' }] });
  });
});

describe(`A list with a bin (${databaseKind})`, () => {
  it('answers both tabs and both totals, also on a page past the active rows', async () => {
    const db = server.database.db;
    // Listed Person 6 and 7 go to the bin: six active (the admin and five), two binned.
    await db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(sql`${users.email} in ('listed6@list.example.com', 'listed7@list.example.com')`);
    const names = (rows: User[]) => rows.map((u) => u.name);

    const first = await listBoth(db, usersListing, { search: '', page: 1, perPage: 4 });
    expect(first.active.total).toBe(6);
    expect(first.trashed.total).toBe(2);
    expect(first.active.rows).toHaveLength(4);
    expect(names(first.trashed.rows).sort()).toEqual(['Listed Person 6', 'Listed Person 7']);

    // Page 3 has no active row and no binned row: the totals still come back.
    const past = await listBoth(db, usersListing, { search: '', page: 3, perPage: 4 });
    expect(past.active.rows).toEqual([]);
    expect(past.trashed.rows).toEqual([]);
    expect([past.active.total, past.trashed.total]).toEqual([6, 2]);

    // A search that finds only binned rows.
    const binned = await listBoth(db, usersListing, { search: 'person 7', page: 1, perPage: 4 });
    expect(binned.active).toEqual({ rows: [], total: 0 });
    expect(names(binned.trashed.rows)).toEqual(['Listed Person 7']);
    expect(binned.trashed.total).toBe(1);

    const searched = await listBoth(db, usersListing, { search: 'listed person', page: 2, perPage: 3 });
    expect(names(searched.active.rows)).toEqual(['Listed Person 2', 'Listed Person 1']);
    expect([searched.active.total, searched.trashed.total]).toEqual([5, 2]);
    expect(searched.trashed.rows).toEqual([]);
  });
});
