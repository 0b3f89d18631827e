import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { users } from '@server/db/schema/users';
import { sweepStorage } from '@server/domain/files/cleanup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody, tinyPng } from './uploads';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

async function uploaded(handle: string): Promise<string> {
  const { payload, headers } = multipartBody([
    { name: 'handle', value: handle },
    { name: 'file', filename: 'image.png', contentType: 'image/png', bytes: tinyPng() },
  ]);
  const res = await server.call('POST', '/api/files/upload', { token, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.path as string;
}

const onDisk = (path: string) => existsSync(join(server.storage.root, path.slice('/storage/'.length)));

const DAY = 24 * 60 * 60 * 1000;

/** Makes a stored file look as old as given (the sweep judges age by modification time). */
function backdate(path: string, ageMs: number) {
  const when = new Date(Date.now() - ageMs);
  utimesSync(join(server.storage.root, path.slice('/storage/'.length)), when, when);
}

const address = {
  address_line_1: '1 Kirkstall Road',
  address_line_2: null,
  city: 'Leeds',
  county: 'West Yorkshire',
  postcode: 'LS4 2AZ',
  lat: 53.8,
  lng: -1.5,
};

let serial = 0;
async function insertDealership(fields: Partial<typeof dealerships.$inferInsert>): Promise<number> {
  const n = ++serial;
  const [row] = await server.database.db
    .insert(dealerships)
    .values({
      name: `Files ${n}`,
      slug: `files-${n}`,
      email: 'files@example.com',
      telephone: '0113 496 0000',
      address,
      pinnacleEnquiryId: '1',
      pinnacleUsedEnquiryId: '2',
      sortOrder: n,
      ...fields,
    })
    .returning({ id: dealerships.id });
  return row!.id;
}

async function deleteForever(area: string, id: number) {
  for (const type of ['all', 'trashed']) {
    const res = await server.call('POST', `/api/${area}/delete`, { token, body: { [area]: [id], type } });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe(`GET /storage (${databaseKind})`, () => {
  it('serves an uploaded file', async () => {
    const path = await uploaded('avatar');
    const res = await server.call('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for hidden files and for any path that is not a stored file name', async () => {
    const real = await uploaded('avatar');
    const name = real.split('/').pop()!;
    mkdirSync(join(server.storage.root, 'avatar'), { recursive: true });
    writeFileSync(join(server.storage.root, 'avatar/.hidden'), 'a secret');
    writeFileSync(join(server.storage.root, 'avatar/.upload.png.part'), 'half a file');
    writeFileSync(join(server.storage.root, '.env'), 'SECRET=1');
    for (const path of [
      '/storage/avatar/.hidden',
      '/storage/avatar/.upload.png.part',
      '/storage/.env',
      '/storage/avatar/%2ehidden',
      `/storage//avatar/${name}`,
      `/storage/avatar//${name}`,
      `/storage/avatar/${name}%00`,
      `/storage/avatar/${name}/`,
      `/storage/avatar/x%2f..%2f${name}`,
      '/storage/avatar/',
    ]) {
      const res = await server.call('GET', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toMatch(/secret|half a file|SECRET/);
    }
  });
});

describe(`Deleting forever (${databaseKind})`, () => {
  it('removes a user’s avatar with the user, and keeps it while the user is in the bin', async () => {
    const avatar = await uploaded('avatar');
    const [row] = await server.database.db
      .insert(users)
      .values({ name: 'Has Avatar', email: 'avatar@example.com', passwordHash: 'x', meta: { avatar } })
      .returning({ id: users.id });
    const bin = await server.call('POST', '/api/users/delete', {
      token,
      body: { users: [row!.id], type: 'all' },
    });
    expect(bin.statusCode).toBe(200);
    expect(onDisk(avatar)).toBe(true);
    const forever = await server.call('POST', '/api/users/delete', {
      token,
      body: { users: [row!.id], type: 'trashed' },
    });
    expect(forever.statusCode).toBe(200);
    expect(onDisk(avatar)).toBe(false);
  });

  it('removes a brand’s logo with the brand', async () => {
    const logo = await uploaded('logo');
    const [row] = await server.database.db
      .insert(brands)
      .values({ name: 'Logo Brand', slug: 'logo-brand', meta: { logo } })
      .returning({ id: brands.id });
    await deleteForever('brands', row!.id);
    expect(onDisk(logo)).toBe(false);
  });

  it('removes a dealership’s banner, dealer and team images, but not a file another row still uses', async () => {
    const [banner, dealer, team, shared] = await Promise.all([
      uploaded('banner_img'),
      uploaded('dealer_img'),
      uploaded('team_image'),
      uploaded('dealer_img'),
    ]);
    const id = await insertDealership({
      images: { banner_img: [banner], dealer_img: [dealer, shared] },
      team: [{ name: 'Sam', content: null, image: [team] }],
    });
    await insertDealership({ images: { banner_img: [], dealer_img: [shared] } });
    await deleteForever('dealerships', id);
    expect([banner, dealer, team].map(onDisk)).toEqual([false, false, false]);
    expect(onDisk(shared)).toBe(true);
  });
});

describe(`Deleting forever at the same moment (${databaseKind})`, () => {
  it('removes the files, and answers every call without a server error', async () => {
    const banner = await uploaded('banner_img');
    const id = await insertDealership({ images: { banner_img: [banner], dealer_img: [] } });
    const bin = await server.call('POST', '/api/dealerships/delete', {
      token,
      body: { dealerships: [id], type: 'all' },
    });
    expect(bin.statusCode).toBe(200);
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        server.call('POST', '/api/dealerships/delete', {
          token,
          body: { dealerships: [id], type: 'trashed' },
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 422),
      statuses.join(),
    ).toBe(true);
    expect(statuses).toContain(200);
    expect(onDisk(banner)).toBe(false);
  });
});

describe(`The storage sweep (${databaseKind})`, () => {
  it('removes uploads nothing refers to once they are older than a day, and keeps the rest', async () => {
    const [old, fresh, used] = await Promise.all([uploaded('logo'), uploaded('logo'), uploaded('avatar')]);
    await server.database.db.insert(users).values({
      name: 'Uses Avatar',
      email: 'uses.avatar@example.com',
      passwordHash: 'x',
      meta: { avatar: used },
    });
    backdate(old, DAY + 60_000);
    backdate(fresh, DAY - 60_000);
    backdate(used, 30 * DAY);
    await sweepStorage(server.database.db, server.storage);
    expect(onDisk(old)).toBe(false);
    expect(onDisk(fresh)).toBe(true);
    expect(onDisk(used)).toBe(true);
  });

  it('keeps an old upload that a dealership’s copy shows as an image', async () => {
    const pictured = await uploaded('dealer_img');
    await insertDealership({ copy: `Our showroom:\n\n![front](${pictured})` });
    backdate(pictured, 2 * DAY);
    await sweepStorage(server.database.db, server.storage);
    expect(onDisk(pictured)).toBe(true);
  });

  it('runs when the server starts', async () => {
    const other = await createTestServer();
    try {
      const folder = join(other.storage.root, 'banner_img');
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'left-behind.png'), tinyPng());
      const when = new Date(Date.now() - 2 * DAY);
      utimesSync(join(folder, 'left-behind.png'), when, when);
      await other.app.ready();
      expect(existsSync(join(folder, 'left-behind.png'))).toBe(false);
    } finally {
      await other.close();
    }
  });
});
