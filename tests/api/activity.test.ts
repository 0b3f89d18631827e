import { brands } from '@server/db/schema/brands';
import { activity } from '@server/db/schema/history';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestServer,
  databaseKind,
  signedInAs,
  signedInEditor,
  type TestServer,
} from './harness';

let server: TestServer;
let token: string;
let editorToken: string;
let editorId: number;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  ({ id: editorId, token: editorToken } = await signedInEditor(server));
});
afterAll(() => server.close());

const get = (url: string, as = token) => server.call('GET', url, { token: as });
const post = (url: string, body: unknown, as = token) => server.call('POST', url, { token: as, body });

interface Entry {
  id: number;
  created_at: string;
  user: { id: number; name: string } | null;
  area: string;
  action: string;
  record: { id: number; name: string; deleted: boolean } | null;
  revision_id: number | null;
  detail: string | null;
}

async function entries(
  query: string,
): Promise<{ data: Entry[]; total: number; next_page_url: string | null }> {
  const res = await get(`/api/activity?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const brand = (slug: string, name = 'Skoda') => ({
  name,
  slug,
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo: null,
});

/** The London calendar day of an instant, as the filter takes it. */
const londonDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

describe(`activity log (${databaseKind})`, () => {
  it('files every change of a mixed session under who, area and action, newest first', async () => {
    const failed = await server.call('POST', '/api/auth/login', {
      body: { email: 'robin@example.com', password: 'not the password' },
    });
    expect(failed.statusCode).toBe(422);

    const created = await post('/api/brands/create', brand('skoda-activity'), editorToken);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const other = (await post('/api/brands/create', brand('seat-activity', 'Seat'))).json().id as number;
    const shown = (await get(`/api/brands/show/${id}`)).json().data;
    const updated = await post(`/api/brands/update/${id}`, {
      ...brand('skoda-activity', 'Skoda UK'),
      updated_at: shown.updated_at,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await post('/api/brands/sort', { brands: [other, id] })).statusCode).toBe(200);
    expect((await post('/api/brands/delete', { brands: [id], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/brands/restore', { brands: [id] })).statusCode).toBe(200);
    expect((await post('/api/brands/delete', { brands: [other], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/brands/delete', { brands: [other], type: 'trashed' })).statusCode).toBe(200);

    const page = await post('/api/pages/store', {
      data: {
        name: 'Activity page',
        slug: 'ignored',
        brand_id: id,
        meta: { title: 'Activity page', description: 'About it' },
        published: 0,
        is_allowed_children: 1,
      },
      parent: null,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect((await post('/api/pages/publishable', { id: page.json().id })).statusCode).toBe(200);

    const all = await entries('page=1');
    expect(all.data.map((e) => `${e.area} ${e.action}`)).toEqual([
      'pages published',
      'pages created',
      'brands deleted_forever',
      'brands deleted',
      'brands restored',
      'brands deleted',
      'brands sorted',
      'brands updated',
      'brands created',
      'brands created',
      'auth sign_in_failed',
      'auth signed_in',
      'auth signed_in',
    ]);
    expect(all.total).toBe(13);
    const times = all.data.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());

    const admin = { id: server.adminId, name: ADMIN.name };
    const byEditor = await entries(`page=1&user=${editorId}`);
    expect(byEditor.data.map((e) => `${e.area} ${e.action}`)).toEqual(['brands created', 'auth signed_in']);
    expect(byEditor.data[0]!.record).toEqual({ id, name: 'Skoda', deleted: false });
    expect(byEditor.data[0]!.revision_id).toEqual(expect.any(Number));

    const failedEntry = all.data.find((e) => e.action === 'sign_in_failed')!;
    expect(failedEntry.user).toBeNull();
    expect(failedEntry.detail).toBe('robin@example.com');
    expect(all.data[0]!.user).toEqual(admin);

    const brandsOnly = await entries('page=1&area=brands');
    expect(brandsOnly.total).toBe(8);
    const deletes = await entries('page=1&area=brands&action=deleted');
    expect(deletes.data.map((e) => e.record?.id)).toEqual([other, id]);
    const forever = await entries('page=1&action=deleted_forever');
    expect(forever.data).toEqual([
      expect.objectContaining({ record: { id: other, name: 'Seat', deleted: true }, revision_id: null }),
    ]);
    expect((await entries(`page=1&user=${editorId}&area=pages`)).total).toBe(0);

    const today = londonDay(new Date());
    const tomorrow = londonDay(new Date(Date.now() + 36 * 3600_000));
    const yesterday = londonDay(new Date(Date.now() - 36 * 3600_000));
    expect((await entries(`page=1&from=${today}&to=${today}`)).total).toBe(13);
    expect((await entries(`page=1&from=${tomorrow}`)).total).toBe(0);
    expect((await entries(`page=1&to=${yesterday}`)).total).toBe(0);
  });

  it('pages the log in SQL, newest first, and refuses a bad filter with field errors', async () => {
    const start = Date.parse('2025-01-10T12:00:00Z');
    await server.database.db.insert(activity).values(
      Array.from({ length: 30 }, (_, i) => ({
        createdAt: new Date(start + i * 60_000),
        area: 'reservations',
        action: 'deleted',
        recordId: i + 1,
        recordName: `Reservation ${i + 1}`,
      })),
    );
    const first = await entries('page=1&area=reservations');
    expect(first.total).toBe(30);
    expect(first.data).toHaveLength(25);
    expect(first.data[0]!.record!.name).toBe('Reservation 30');
    expect(first.next_page_url).toContain('area=reservations');
    const second = await entries('page=2&area=reservations');
    expect(second.data.map((e) => e.record!.name)).toEqual([5, 4, 3, 2, 1].map((n) => `Reservation ${n}`));
    expect((await entries('page=1&area=reservations&from=2025-01-10&to=2025-01-10')).total).toBe(30);
    expect((await entries('page=1&area=reservations&from=2025-01-11')).total).toBe(0);

    const bad = await get('/api/activity?page=1&area=garage&action=painted&from=2025-02-30&user=x');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['action', 'area', 'from', 'user']);
    const backwards = await get('/api/activity?page=1&from=2025-02-02&to=2025-02-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.to).toEqual(['Choose an end date on or after the start date.']);
    expect((await server.call('GET', '/api/activity?page=1')).statusCode).toBe(401);
  });

  it('records a user created and updated, and keeps the log when a change rolls back', async () => {
    const created = await post('/api/users/create', {
      name: 'Sam Sales',
      email: 'sam@example.com',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      role_id: 6,
      telephone: null,
      job_title: null,
      avatar: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    const users = await entries('page=1&area=users');
    expect(users.data.map((e) => `${e.action} ${e.record?.name}`)).toEqual(['created Sam Sales']);
    // A refused save leaves no entry.
    const before = (await entries('page=1')).total;
    const refused = await post('/api/brands/create', brand('skoda-activity'));
    expect(refused.statusCode).toBe(422);
    expect((await entries('page=1')).total).toBe(before);
    expect(await server.database.db.select().from(brands)).toHaveLength(1);
  });

  it('marks the entries of a record deleted forever, or deleted and awaiting purge, as deleted when it reads them', async () => {
    const kept = (await post('/api/brands/create', brand('kept-gone-test', 'Kept'))).json().id as number;
    const binned = (await post('/api/brands/create', brand('binned-gone-test', 'Binned'))).json()
      .id as number;
    const gone = (await post('/api/brands/create', brand('gone-gone-test', 'Gone'))).json().id as number;
    expect((await post('/api/brands/delete', { brands: [binned, gone], type: 'all' })).statusCode).toBe(200);
    expect((await post('/api/brands/delete', { brands: [gone], type: 'trashed' })).statusCode).toBe(200);

    /** Whether the log says each of its entries about these records is deleted, newest first. */
    const flags = async (area: string, ids: number[]) =>
      (await entries(`page=1&area=${area}`)).data
        .filter((e) => e.record && ids.includes(e.record.id))
        .map((e) => `${e.record!.name} ${e.action} ${e.record!.deleted ? 'deleted' : 'there'}`);
    // A brand in the bin still opens; one deleted forever is gone, and so are its older entries.
    expect(await flags('brands', [kept, binned, gone])).toEqual([
      'Gone deleted_forever deleted',
      'Gone deleted deleted',
      'Binned deleted there',
      'Gone created deleted',
      'Binned created there',
      'Kept created there',
    ]);

    const stored = await post('/api/pages/store', {
      data: {
        name: 'Short-lived offer',
        slug: 'ignored',
        brand_id: kept,
        meta: { title: 'Offer', description: 'Soon gone' },
        published: 0,
      },
      parent: null,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const page = stored.json().id as number;
    expect((await post('/api/pages/delete', { id: page })).statusCode).toBe(200);
    // Deleted, a page waits for Undo before it is purged, but its editor no longer opens it.
    expect(await flags('pages', [page])).toEqual([
      'Short-lived offer deleted deleted',
      'Short-lived offer created deleted',
    ]);
    // Decided as the log is read: put back, it is there again.
    expect((await post('/api/pages/restore', { id: page })).statusCode).toBe(200);
    expect(await flags('pages', [page])).toEqual([
      'Short-lived offer restored there',
      'Short-lived offer deleted there',
      'Short-lived offer created there',
    ]);

    // Each area looks in its own table: the users are all there, the reservations logged above never were.
    const users = (await entries('page=1&area=users')).data;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((e) => e.record?.deleted === false)).toBe(true);
    const reservations = (await entries('page=1&area=reservations')).data;
    expect(reservations.map((e) => e.record?.deleted)).toEqual(Array(25).fill(true));
    // Nothing to delete where an entry has no record.
    expect((await entries('page=1&area=auth')).data.every((e) => e.record === null)).toBe(true);
  });

  it('counts what a sort put in order, one or many', async () => {
    const one = (await post('/api/brands/create', brand('sorted-one', 'Sorted one'))).json().id as number;
    const two = (await post('/api/brands/create', brand('sorted-two', 'Sorted two'))).json().id as number;
    expect((await post('/api/brands/sort', { brands: [one] })).statusCode).toBe(200);
    expect((await post('/api/brands/sort', { brands: [two, one] })).statusCode).toBe(200);
    const page = await post('/api/pages/store', {
      data: {
        name: 'Sorted page',
        slug: 'ignored',
        brand_id: one,
        meta: { title: 'Sorted page', description: 'About it' },
        published: 0,
      },
      parent: null,
    });
    expect(page.statusCode, page.body).toBe(200);
    const sorted = await post('/api/pages/sort', { data: [{ id: page.json().id, index: 1 }] });
    expect(sorted.statusCode, sorted.body).toBe(200);

    const details = (await entries('page=1&action=sorted')).data.map((e) => `${e.area}: ${e.detail}`);
    expect(details.slice(0, 3)).toEqual([
      'pages: 1 page under the top level',
      'brands: 2 brands',
      'brands: 1 brand',
    ]);
  });

  it("offers a Brand manager's User filter the people whose entries they may read, and no one else", async () => {
    const alphaEditor = await signedInAs(server, 'Group administrator', {}, 'Alpha Editor');
    const betaEditor = await signedInAs(server, 'Group administrator', {}, 'Beta Editor');
    const alpha = await post('/api/brands/create', brand('alpha-people', 'Alpha'), alphaEditor.token);
    expect(alpha.statusCode, alpha.body).toBe(200);
    const beta = await post('/api/brands/create', brand('beta-people', 'Beta'), betaEditor.token);
    expect(beta.statusCode, beta.body).toBe(200);
    const manager = await signedInAs(server, 'Brand manager', { brand_ids: [alpha.json().id] });
    // The users list is not theirs to open; the people on the log entries they read are.
    expect((await get('/api/users', manager.token)).statusCode).toBe(403);
    const people = await get('/api/activity/users', manager.token);
    expect(people.statusCode, people.body).toBe(200);
    const names = people.json().data.map((person: { name: string }) => person.name);
    expect(names).toContain('Alpha Editor');
    expect(names).not.toContain('Beta Editor');
    expect(names).not.toContain(ADMIN.name);
    // Exactly the people on the entries the log shows them.
    const log = await get('/api/activity', manager.token);
    const shown = new Set(
      log
        .json()
        .data.map((entry: Entry) => entry.user?.name)
        .filter(Boolean),
    );
    expect(log.json().total).toBeLessThan(25);
    expect(new Set(names)).toEqual(shown);
  });
});
