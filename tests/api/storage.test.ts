import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dealerships } from '@server/db/schema/dealerships';
import { mediaUses } from '@server/db/schema/media';
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

let padding = 0;
/** A file stored before the media library, where files/upload put it: its public path. */
function uploaded(folder: string): string {
  const name = `${String(++padding).padStart(32, '0')}.png`;
  mkdirSync(join(server.storage.root, folder), { recursive: true });
  writeFileSync(join(server.storage.root, folder, name), tinyPng(padding));
  return `/storage/${folder}/${name}`;
}

/** A new image in the media library: its id. */
async function libraryImage(): Promise<number> {
  const { payload, headers } = multipartBody([
    { name: 'files[]', filename: 'banner.png', contentType: 'image/png', bytes: tinyPng(++padding) },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].item.id as number;
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
    const path = uploaded('avatar');
    const res = await server.call('GET', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for hidden files and for any path that is not a stored file name', async () => {
    const real = uploaded('avatar');
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

describe(`Deleting records forever (${databaseKind})`, () => {
  it('keeps their images in the library, which no longer lists them where used', async () => {
    const banner = await libraryImage();
    const id = await insertDealership({ images: { banner_img: [banner], dealer_img: [] } });
    await server.database.db.insert(mediaUses).values({ mediaId: banner, area: 'dealerships', recordId: id });
    await deleteForever('dealerships', id);
    const shown = await server.call('GET', `/api/media/show/${banner}`, { token });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.uses).toEqual([]);
    expect((await server.call('GET', shown.json().data.url)).statusCode).toBe(200);
  });
});
