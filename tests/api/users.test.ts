import { users } from '@server/db/schema/users';
import { hashPassword } from '@server/domain/auth/passwords';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, insertUser, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

/** Paginator links are relative without PUBLIC_URL; read against any origin to take them apart. */
const BASE = 'http://console.test';

let server: TestServer;
let token: string;
/** One hash for the many users that never sign in: argon2 is slow on purpose. */
let sharedHash: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  sharedHash = await hashPassword('a long enough password');
});
afterAll(() => server.close());

const NOT_FOUND = "The user you are trying to locate clearly doesn't exist...";

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

async function userCount(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(users);
  return row!.n;
}

async function rowOf(id: number) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The seeded Read only role (src/shared/access.ts roleTemplates: ids 1..6 in its order). */
const READ_ONLY = 6;

function validUser(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Jo Bloggs',
    email: `jo.${Math.random().toString(36).slice(2)}@example.com`,
    telephone: '01632 960123',
    job_title: 'Sales Manager',
    password: 'a long enough password',
    avatar: null,
    role_id: READ_ONLY,
    ...overrides,
  };
}

async function createUser(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await post('/api/users/create', validUser(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

function list(query: string) {
  return get(`/api/users${query}`);
}

describe(`GET /api/users (${databaseKind})`, () => {
  beforeAll(async () => {
    // 30 users share a name so a search scopes the list to them; two more test literal wildcards.
    await server.database.db.insert(users).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Pager Person ${String(i + 1).padStart(2, '0')}`,
        email: `pager-${String(i + 1).padStart(2, '0')}@list.example.com`,
        passwordHash: sharedHash,
      })),
    );
    await server.database.db.insert(users).values([
      { name: 'Wildcard 100% Sure', email: 'percent@list.example.com', passwordHash: sharedHash },
      { name: 'Wildcard 100 Percent', email: 'nopercent@list.example.com', passwordHash: sharedHash },
      { name: 'Wildcard under_score', email: 'underscore@list.example.com', passwordHash: sharedHash },
      { name: 'Wildcard underXscore', email: 'lookalike@list.example.com', passwordHash: sharedHash },
    ]);
  });

  it('returns active users and the bin as Laravel paginators of 25', async () => {
    const res = await list('?search=Pager%20Person');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['trashed', 'users']);
    const page = body.users;
    expect(page).toMatchObject({ current_page: 1, last_page: 2, per_page: 25, from: 1, to: 25, total: 30 });
    expect(page.data).toHaveLength(25);
    expect(page.prev_page_url).toBeNull();
    expect(page.next_page_url).toMatch(/\/api\/users\?.*page=2/);
    expect(new URL(page.next_page_url, BASE).searchParams.get('search')).toBe('Pager Person');
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.stringMatching(/^Pager Person/),
      email: expect.stringMatching(/@list\.example\.com$/),
      meta: { telephone: null, job_title: null, avatar: null },
      role_id: READ_ONLY,
      role: { id: READ_ONLY, name: 'Read only' },
      scope: { brand_ids: [], dealership_ids: [] },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });
    expect(body.trashed).toMatchObject({ total: 0, data: [], prev_page_url: null, next_page_url: null });
  });

  it('serves page 2 from the next page link, with the rest of the users and no next link', async () => {
    const first = (await list('?search=Pager%20Person')).json().users;
    const next = new URL(first.next_page_url, BASE);
    const res = await get(`${next.pathname}${next.search}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().users;
    expect(page).toMatchObject({ current_page: 2, last_page: 2, from: 26, to: 30, total: 30 });
    expect(page.data).toHaveLength(5);
    expect(page.next_page_url).toBeNull();
    expect(new URL(page.prev_page_url, BASE).searchParams.get('page')).toBe('1');

    const seen = new Set([...first.data, ...page.data].map((u: { id: number }) => u.id));
    expect(seen.size).toBe(30);
  });

  it('answers a page past the end with no rows and a link back', async () => {
    const page = (await list('?search=Pager%20Person&page=9')).json().users;
    expect(page.data).toEqual([]);
    expect(page.total).toBe(30);
    expect(page.next_page_url).toBeNull();
    expect(page.prev_page_url).not.toBeNull();
  });

  it('searches by name', async () => {
    const page = (await list('?search=pager%20person%2007')).json().users;
    expect(page.data.map((u: { email: string }) => u.email)).toEqual(['pager-07@list.example.com']);
  });

  it('searches by e-mail address', async () => {
    const page = (await list('?search=PAGER-12%40LIST')).json().users;
    expect(page.data.map((u: { name: string }) => u.name)).toEqual(['Pager Person 12']);
  });

  it('reads % and _ in a search literally', async () => {
    const percent = (await list(`?search=${encodeURIComponent('100%')}`)).json().users;
    expect(percent.data.map((u: { name: string }) => u.name)).toEqual(['Wildcard 100% Sure']);
    const underscore = (await list(`?search=${encodeURIComponent('under_score')}`)).json().users;
    expect(underscore.data.map((u: { name: string }) => u.name)).toEqual(['Wildcard under_score']);
    const backslash = (await list(`?search=${encodeURIComponent('\\')}`)).json().users;
    expect(backslash.total).toBe(0);
  });

  it('serves page 1 for a page that is not a whole number from 1, as Laravel does', async () => {
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await list(`?page=${page}`);
      expect(res.statusCode, page).toBe(200);
      expect(res.json().users.current_page, page).toBe(1);
    }
  });

  it('lists binned users under trashed and not under users', async () => {
    const id = await insertUser(server, {
      name: 'Binned Lister',
      email: 'binned.lister@example.com',
      passwordHash: sharedHash,
    });
    expect((await post('/api/users/delete', { users: [id], type: 'all' })).statusCode).toBe(200);
    const body = (await list('?search=Binned%20Lister')).json();
    expect(body.users.total).toBe(0);
    expect(body.trashed.total).toBe(1);
    expect(body.trashed.data[0]).toMatchObject({ id, deleted_at: expect.any(String) });
  });
});

describe(`POST /api/users/validation (${databaseKind})`, () => {
  it('passes valid data with {valid: true}', async () => {
    const res = await post('/api/users/validation', validUser());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  it('lets an existing user keep their own e-mail and an empty password when an id is given', async () => {
    const email = 'keeps.own@example.com';
    const id = await insertUser(server, { name: 'Keeps Own', email, passwordHash: sharedHash });
    const res = await post(
      '/api/users/validation',
      validUser({ id, email: email.toUpperCase(), password: '' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ valid: true });
  });

  it('requires a password when no id is given', async () => {
    const res = await post('/api/users/validation', validUser({ password: '' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['Enter a password.'] });
  });
});

/** The same bad input is refused by validation and by create, and create stores nothing. */
describe.each(['validation', 'create'])(`POST /api/users/%s rejects bad input (${databaseKind})`, (call) => {
  const url = `/api/users/${call}`;

  async function expectRefused(body: unknown, errors: Record<string, string[]>) {
    const before = await userCount();
    const res = await post(url, body);
    expect(res.statusCode, res.body).toBe(422);
    const answer = res.json();
    expect(answer.message).toEqual(expect.any(String));
    expect(answer.errors).toEqual(errors);
    expect(await userCount()).toBe(before);
  }

  it('refuses a missing name', async () => {
    const { name: _name, ...rest } = validUser();
    await expectRefused(rest, { name: ['Enter a name.'] });
  });

  it('refuses a blank name', async () => {
    await expectRefused(validUser({ name: '   ' }), { name: ['Enter a name.'] });
  });

  it('refuses a malformed e-mail address', async () => {
    await expectRefused(validUser({ email: 'jo@' }), { email: ['Enter a valid e-mail address.'] });
  });

  it('refuses a short password', async () => {
    await expectRefused(validUser({ password: 'short' }), { password: ['Use at least 8 characters.'] });
  });

  it('refuses an e-mail address another user has, whatever its case', async () => {
    await insertUser(server, { name: 'Taken', email: `taken.${call}@example.com`, passwordHash: sharedHash });
    await expectRefused(validUser({ email: `TAKEN.${call.toUpperCase()}@Example.COM` }), {
      email: ['That e-mail address is already in use.'],
    });
  });

  it('refuses a stored path instead of a library id', async () => {
    for (const avatar of [
      '/storage/avatar/0123456789abcdef0123456789abcdef.png',
      '/storage/avatar/..',
      '/etc/passwd',
    ]) {
      await expectRefused(validUser({ avatar }), { avatar: ['Pick an image from the library.'] });
    }
  });

  it('reports every bad field at once', async () => {
    await expectRefused(
      { name: '', email: 'nope', password: 'short', telephone: 'x'.repeat(51) },
      {
        name: ['Enter a name.'],
        email: ['Enter a valid e-mail address.'],
        password: ['Use at least 8 characters.'],
        telephone: ['Use at most 50 characters.'],
        role_id: ['Choose a role.'],
      },
    );
  });
});

describe(`POST /api/users/create (${databaseKind})`, () => {
  it('creates a user and answers its id; show returns it with its meta', async () => {
    const upload = multipartBody([
      { name: 'files[]', filename: 'me.png', contentType: 'image/png', bytes: tinyPng() },
    ]);
    const uploaded = await server.call('POST', '/api/media/upload', {
      token,
      headers: upload.headers,
      body: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatar = uploaded.json().data[0].item.id as number;

    const res = await post(
      '/api/users/create',
      validUser({ name: '  Ann Other ', email: 'Ann.Other@Example.com', avatar, job_title: 'Director' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(Number), message: 'You have added a new user.' });

    const shown = await get(`/api/users/show/${body.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      id: body.id,
      name: 'Ann Other',
      email: 'Ann.Other@Example.com',
      meta: {
        telephone: '01632 960123',
        job_title: 'Director',
        avatar: expect.objectContaining({ id: avatar, name: 'me.png' }),
      },
      role_id: READ_ONLY,
      role: { id: READ_ONLY, name: 'Read only' },
      scope: { brand_ids: [], dealership_ids: [] },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      deleted_at: null,
    });

    // The new user can sign in with the password they were given.
    expect(await server.login('ann.other@example.com', 'a long enough password')).toEqual(expect.any(String));
  });

  it('refuses text the database cannot hold (a NUL character) with 422 and stores nothing', async () => {
    for (const overrides of [
      { name: 'Nul\u0000Name' },
      { telephone: '0163\u0000' },
      { job_title: '\u0000' },
    ]) {
      const before = await userCount();
      const res = await post('/api/users/create', validUser(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await userCount()).toBe(before);
    }
  });

  it('stores blank optional fields as null', async () => {
    const id = await createUser({ telephone: '', job_title: '  ' });
    const { data } = (await get(`/api/users/show/${id}`)).json();
    expect(data.meta).toEqual({ telephone: null, job_title: null, avatar: null });
  });

  it('lets only one of two simultaneous creates with the same e-mail succeed', async () => {
    const before = await userCount();
    const email = 'twice.at.once@example.com';
    const answers = await Promise.all([
      post('/api/users/create', validUser({ email })),
      post('/api/users/create', validUser({ email: email.toUpperCase() })),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 422]);
    const refused = answers.find((res) => res.statusCode === 422)!;
    expect(refused.json().errors).toEqual({ email: ['That e-mail address is already in use.'] });
    expect(await userCount()).toBe(before + 1);
  });
});

describe(`GET /api/users/show/:id (${databaseKind})`, () => {
  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await get('/api/users/show/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });

  it('answers an id that is not a number with 404', async () => {
    for (const id of ['abc', '1.5', '-3', '0']) {
      const res = await get(`/api/users/show/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('answers an id too large for the database with 404, not a server error', async () => {
    const res = await get('/api/users/show/2147483648');
    expect(res.statusCode).toBe(404);
  });

  it('shows a binned user with its deleted_at', async () => {
    const id = await insertUser(server, {
      name: 'Shown Binned',
      email: 'shown.binned@example.com',
      passwordHash: sharedHash,
    });
    await post('/api/users/delete', { users: [id], type: 'all' });
    const res = await get(`/api/users/show/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deleted_at).toEqual(expect.any(String));
  });
});

describe(`POST /api/users/update/:id (${databaseKind})`, () => {
  it('keeps the password when it is left empty', async () => {
    const email = 'keeps.password@example.com';
    const id = await createUser({ email, password: 'original password' });
    const res = await post(`/api/users/update/${id}`, validUser({ email, name: 'Renamed', password: '' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, message: 'You have updated a user.' });
    expect((await get(`/api/users/show/${id}`)).json().data.name).toBe('Renamed');
    expect(await server.login(email, 'original password')).toEqual(expect.any(String));
  });

  it('changes the password when one is given', async () => {
    const email = 'changes.password@example.com';
    const id = await createUser({ email, password: 'original password' });
    const res = await post(`/api/users/update/${id}`, validUser({ email, password: 'brand new password' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await server.login(email, 'brand new password')).toEqual(expect.any(String));
    const old = await server.call('POST', '/api/auth/login', {
      body: { email, password: 'original password' },
    });
    expect(old.statusCode).toBe(422);
  });

  it('saves when updated_at is the one loaded, and then refuses that stale updated_at with 409', async () => {
    const id = await createUser({ name: 'Versioned' });
    const loaded = (await get(`/api/users/show/${id}`)).json().data;

    const saved = await post(`/api/users/update/${id}`, {
      ...validUser({ email: loaded.email, name: 'First Editor', password: '' }),
      updated_at: loaded.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const afterFirst = await rowOf(id);

    const stale = await post(`/api/users/update/${id}`, {
      ...validUser({ email: loaded.email, name: 'Second Editor', password: 'another password' }),
      updated_at: loaded.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: expect.stringMatching(/changed this user/) });
    // Nothing changed: not the name, not the password, not the version.
    expect(await rowOf(id)).toEqual(afterFirst);
    expect((await get(`/api/users/show/${id}`)).json().data.name).toBe('First Editor');
  });

  it('lets only one of two simultaneous saves from the same loaded version succeed', async () => {
    const id = await createUser({ name: 'Raced' });
    const loaded = (await get(`/api/users/show/${id}`)).json().data;
    // Each save changes the password, so both are hashing while the other one checks the version.
    const answers = await Promise.all(
      ['Editor One', 'Editor Two'].map((name) =>
        post(`/api/users/update/${id}`, {
          ...validUser({ email: loaded.email, name, password: `${name} password` }),
          updated_at: loaded.updated_at,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.findIndex((res) => res.statusCode === 200);
    const name = ['Editor One', 'Editor Two'][winner]!;
    expect((await get(`/api/users/show/${id}`)).json().data.name).toBe(name);
    expect(await server.login(loaded.email, `${name} password`)).toEqual(expect.any(String));
  });

  it('lets only one of two users take the same free e-mail address at once', async () => {
    const ids = [await createUser(), await createUser()];
    const email = 'wanted.address@example.com';
    const answers = await Promise.all(
      ids.map((id) => post(`/api/users/update/${id}`, validUser({ email, password: 'a new long password' }))),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((res) => res.statusCode === 422)!.json().errors).toEqual({
      email: ['That e-mail address is already in use.'],
    });
  });

  it('refuses an e-mail address that belongs to someone else', async () => {
    const id = await createUser();
    await insertUser(server, { name: 'Owner', email: 'owned.address@example.com', passwordHash: sharedHash });
    const before = await rowOf(id);
    const res = await post(
      `/api/users/update/${id}`,
      validUser({ email: 'Owned.Address@example.com', password: '' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['That e-mail address is already in use.'] });
    expect(await rowOf(id)).toEqual(before);
  });

  it('answers an unknown id with 404 and the not-found message', async () => {
    const res = await post('/api/users/update/987654', validUser({ password: '' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: NOT_FOUND });
  });
});

describe(`POST /api/users/delete and /api/users/restore (${databaseKind})`, () => {
  async function lists(search: string) {
    const body = (await list(`?search=${encodeURIComponent(search)}`)).json();
    return {
      active: body.users.data.map((u: { id: number }) => u.id) as number[],
      bin: body.trashed.data.map((u: { id: number }) => u.id) as number[],
    };
  }

  it('moves a user to the bin, restores it, then deletes it forever from the bin', async () => {
    const id = await insertUser(server, {
      name: 'Lifecycle Lee',
      email: 'lifecycle.lee@example.com',
      passwordHash: sharedHash,
    });
    expect(await lists('Lifecycle Lee')).toEqual({ active: [id], bin: [] });

    const binned = await post('/api/users/delete', { users: [id], type: 'all' });
    expect(binned.statusCode).toBe(200);
    expect(binned.json()).toEqual({ message: 'Moved 1 user(s) to the bin.' });
    expect(await lists('Lifecycle Lee')).toEqual({ active: [], bin: [id] });

    const restored = await post('/api/users/restore', { users: [id] });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ message: 'Restored 1 user(s).' });
    expect(await lists('Lifecycle Lee')).toEqual({ active: [id], bin: [] });

    await post('/api/users/delete', { users: [id], type: 'all' });
    const forever = await post('/api/users/delete', { users: [id], type: 'trashed' });
    expect(forever.statusCode).toBe(200);
    expect(forever.json()).toEqual({ message: 'Deleted 1 user(s) forever.' });
    expect(await lists('Lifecycle Lee')).toEqual({ active: [], bin: [] });
    expect(await rowOf(id)).toBeNull();
    expect((await get(`/api/users/show/${id}`)).statusCode).toBe(404);
  });

  it('moves several users to the bin at once', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        insertUser(server, {
          name: `Bulk Bin ${n}`,
          email: `bulk.bin.${n}@example.com`,
          passwordHash: sharedHash,
        }),
      ),
    );
    const res = await post('/api/users/delete', { users: ids, type: 'all' });
    expect(res.statusCode).toBe(200);
    const after = await lists('Bulk Bin');
    expect(after.active).toEqual([]);
    expect([...after.bin].sort()).toEqual([...ids].sort());
  });

  it('refuses to delete your own account and changes nothing', async () => {
    const other = await insertUser(server, {
      name: 'Bystander',
      email: 'bystander@example.com',
      passwordHash: sharedHash,
    });
    for (const type of ['all', 'trashed']) {
      const res = await post('/api/users/delete', { users: [other, server.adminId], type });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'You cannot delete your own account.',
        errors: { users: ['You cannot delete your own account.'] },
      });
    }
    expect((await rowOf(server.adminId))!.deletedAt).toBeNull();
    expect((await rowOf(other))!.deletedAt).toBeNull();
    expect((await server.call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
  });

  it('changes none of the listed users when one of the ids is unknown', async () => {
    const ids = await Promise.all(
      [1, 2].map((n) =>
        insertUser(server, {
          name: `All Or Nothing ${n}`,
          email: `all.or.nothing.${n}@example.com`,
          passwordHash: sharedHash,
        }),
      ),
    );
    const before = await Promise.all(ids.map(rowOf));

    const binning = await post('/api/users/delete', { users: [...ids, 987654], type: 'all' });
    expect(binning.statusCode).toBe(422);
    expect(binning.json().errors).toEqual({ users: ['Some of the selected users do not exist.'] });
    expect(await Promise.all(ids.map(rowOf))).toEqual(before);

    // From the bin: one listed user is binned, the other is still active.
    await post('/api/users/delete', { users: [ids[0]], type: 'all' });
    const binnedRow = await rowOf(ids[0]!);
    const forever = await post('/api/users/delete', { users: ids, type: 'trashed' });
    expect(forever.statusCode).toBe(422);
    expect(forever.json().errors).toEqual({ users: ['Some of the selected users are not in the bin.'] });
    expect(await rowOf(ids[0]!)).toEqual(binnedRow);
    expect(await rowOf(ids[1]!)).toEqual(before[1]);

    const restoring = await post('/api/users/restore', { users: [ids[0], 987654] });
    expect(restoring.statusCode).toBe(422);
    expect(await rowOf(ids[0]!)).toEqual(binnedRow);
  });

  it('refuses an empty list', async () => {
    const active = await userCount();
    for (const [url, body] of [
      ['/api/users/delete', { users: [], type: 'all' }],
      ['/api/users/restore', { users: [] }],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors).toEqual({ users: ['Select at least one user.'] });
    }
    expect(await userCount()).toBe(active);
  });

  it('refuses values of the wrong type under their own keys', async () => {
    const binnedBefore = await server.database.db
      .select({ n: count() })
      .from(users)
      .where(isNull(users.deletedAt));
    const cases: [unknown, string[]][] = [
      [{ users: 'abc', type: 'all' }, ['users']],
      [{ users: [1], type: 'everything' }, ['type']],
      [{ users: ['abc'], type: 'all' }, ['users.0']],
      [{ users: [1.5, -2], type: 'all' }, ['users.0', 'users.1']],
      [{}, ['type', 'users']],
    ];
    for (const [body, keys] of cases) {
      const res = await post('/api/users/delete', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(keys);
    }
    const binnedAfter = await server.database.db
      .select({ n: count() })
      .from(users)
      .where(isNull(users.deletedAt));
    expect(binnedAfter).toEqual(binnedBefore);
  });

  it('refuses an id too large for the database as unknown, not with a server error', async () => {
    const res = await post('/api/users/delete', { users: [2147483648], type: 'all' });
    expect(res.statusCode).toBe(422);
  });
});
