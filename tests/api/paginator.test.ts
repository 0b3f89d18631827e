import { users } from '@server/db/schema/users';
import { linkedPages } from '@server/domain/paginate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  // With the admin, 60 users: pages of 25, 25 and 10.
  await server.database.db.insert(users).values(
    Array.from({ length: 59 }, (_, i) => ({
      name: `Person ${i}`,
      email: `person${i}@example.com`,
      passwordHash: 'not a usable hash',
    })),
  );
});
afterAll(() => server.close());

const usersPage = async (query: string) => {
  const res = await server.call('GET', `/api/users${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().users;
};

const previous = (url: string | null) => ({ url, label: '&laquo; Previous', active: false });
const next = (url: string | null) => ({ url, label: 'Next &raquo;', active: false });
const pageLink = (n: number, active = false) => ({ url: `/api/users?page=${n}`, label: String(n), active });

describe(`Paginators in Laravel's LengthAwarePaginator JSON (${databaseKind})`, () => {
  it('lists previous, every page and next in `links`, the current page active', async () => {
    const page = await usersPage('?page=2');
    expect(page).toMatchObject({
      current_page: 2,
      last_page: 3,
      per_page: 25,
      from: 26,
      to: 50,
      total: 60,
      path: '/api/users',
      first_page_url: '/api/users?page=1',
      last_page_url: '/api/users?page=3',
      prev_page_url: '/api/users?page=1',
      next_page_url: '/api/users?page=3',
    });
    expect(page.links).toEqual([
      previous('/api/users?page=1'),
      pageLink(1),
      pageLink(2, true),
      pageLink(3),
      next('/api/users?page=3'),
    ]);
    const first = await usersPage('');
    expect(first.links[0]).toEqual(previous(null));
    expect(first.links[1]).toEqual(pageLink(1, true));
  });

  it('serves a page past the last empty, its previous page the last page there is', async () => {
    const far = await usersPage('?page=99999999999');
    expect(far).toMatchObject({ current_page: 99999999999, data: [], prev_page_url: '/api/users?page=3' });
    const page = await usersPage('?page=7');
    expect(page).toMatchObject({
      current_page: 7,
      last_page: 3,
      data: [],
      from: null,
      to: null,
      prev_page_url: '/api/users?page=3',
      next_page_url: null,
    });
    expect(page.links).toEqual([
      previous('/api/users?page=3'),
      pageLink(1),
      pageLink(2),
      pageLink(3),
      next(null),
    ]);
  });

  it('serves page 1 for a page that is no whole number from 1', async () => {
    const first = await usersPage('?page=1');
    for (const query of ['page=0', 'page=abc', 'page=-3', 'page=2.5', 'page=']) {
      const page = await usersPage(`?${query}`);
      expect(page.current_page, query).toBe(1);
      expect(page.data, query).toEqual(first.data);
      expect(page.links[1], query).toEqual(pageLink(1, true));
    }
  });

  it('leaves pages out of a long list as Laravel does (three on each side of the current one)', () => {
    expect(linkedPages(1, 1)).toEqual([1]);
    expect(linkedPages(1, 13)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(linkedPages(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
    expect(linkedPages(7, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, '...', 19, 20]);
    expect(linkedPages(10, 20)).toEqual([1, 2, '...', 7, 8, 9, 10, 11, 12, 13, '...', 19, 20]);
    expect(linkedPages(14, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(linkedPages(40, 20)).toEqual([1, 2, '...', 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});

describe(`A 422's message (${databaseKind})`, () => {
  it("is the first error, then '(and N more errors)' as Laravel words it", async () => {
    const two = await server.call('POST', '/api/analytics/totals', { token, body: {} });
    expect(two.statusCode).toBe(422);
    const errors = two.json().errors as Record<string, string[]>;
    expect(Object.values(errors).flat()).toHaveLength(2);
    expect(two.json().message).toBe(`${Object.values(errors)[0]![0]} (and 1 more error)`);

    const many = await server.call('POST', '/api/users/create', { token, body: {} });
    expect(many.statusCode).toBe(422);
    const all = Object.values(many.json().errors as Record<string, string[]>).flat();
    expect(all.length).toBeGreaterThan(2);
    expect(many.json().message).toBe(`${all[0]} (and ${all.length - 1} more errors)`);

    const one = await server.call('POST', '/api/analytics/totals', { token, body: { start: '2026-01-01' } });
    expect(one.json().message).toBe(Object.values(one.json().errors as Record<string, string[]>)[0]![0]);
  });
});
