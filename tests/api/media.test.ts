import { brands } from '@server/db/schema/brands';
import { mediaFolders } from '@server/db/schema/media';
import { setMediaUses } from '@server/domain/media/uses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { type FormPart, multipartBody, tinyPng } from './uploads';

let server: TestServer;
let token: string;
let kia: { id: number; folder: number };
let seat: { id: number; folder: number };

async function brandWithFolder(name: string, position: number) {
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name, slug: name.toLowerCase(), sortOrder: position })
    .returning({ id: brands.id });
  const [folder] = await server.database.db
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(eq(mediaFolders.brandId, brand!.id));
  return { id: brand!.id, folder: folder!.id };
}

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  kia = await brandWithFolder('Kia', 1);
  seat = await brandWithFolder('Seat', 2);
});
afterAll(() => server.close());

const png = (padding: number, filename = 'photo.png'): FormPart => ({
  name: 'files[]',
  filename,
  contentType: 'image/png',
  bytes: tinyPng(padding),
});

function upload(parts: FormPart[], auth = token) {
  const { payload, headers } = multipartBody(parts);
  return server.call('POST', '/api/media/upload', { token: auth, headers, body: payload });
}

async function uploadOne(padding: number, filename = 'photo.png', folder?: number) {
  const res = await upload([
    ...(folder ? [{ name: 'folder_id', value: String(folder) }] : []),
    png(padding, filename),
  ]);
  expect(res.statusCode, res.body).toBe(200);
  const [first] = res.json().data;
  expect(first.error).toBeNull();
  return first.item as { id: number; sha256: string; url: string; name: string };
}

/** A file one byte over the library's 30 MB limit (its bytes are never looked at). */
const oversize = () => Buffer.alloc(30 * 1024 * 1024 + 1, 0x61);

const get = (url: string, auth = token) => server.call('GET', url, { token: auth });
/** The names of the items the library lists for a query. */
const names = async (query: string): Promise<string[]> =>
  (await get(`/api/media?${query}`)).json().media.data.map((d: { name: string }) => d.name);
const post = (url: string, body: unknown, auth = token) => server.call('POST', url, { token: auth, body });

describe(`the media library (${databaseKind})`, () => {
  it('stores several files at once, each with its own answer, and serves them', async () => {
    const res = await upload([
      png(101, 'front.png'),
      png(102, 'side.png'),
      { name: 'files[]', filename: 'notes.txt', bytes: Buffer.from('not an image\u0000') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.map((d: { name: string; error: string | null }) => [d.name, d.error])).toEqual([
      ['front.png', null],
      ['side.png', null],
      ['notes.txt', 'The file must be an image (JPEG, PNG, GIF, WebP, AVIF or SVG) or a PDF.'],
    ]);
    const front = data[0].item;
    expect(front).toMatchObject({
      name: 'front.png',
      mime: 'image/png',
      width: 1,
      height: 1,
      alt: null,
      decorative: false,
      focal_point: { x: 0.5, y: 0.5 },
      uses_count: 0,
      url: `/storage/media/${front.sha256}`,
    });
    const served = await server.app.inject({ method: 'GET', url: front.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(tinyPng(101))).toBe(true);
    expect(front.renditions.map((r: { format: string; width: number }) => [r.format, r.width])).toEqual([
      ['avif', 1],
      ['webp', 1],
      ['jpeg', 1],
    ]);
  });

  it('stores the same file once: a second upload answers the first item', async () => {
    const first = await uploadOne(200, 'logo.png');
    const res = await upload([png(200, 'logo copy.png')]);
    const [again] = res.json().data;
    expect(again).toMatchObject({ duplicate: true, error: null });
    expect(again.item.id).toBe(first.id);
    expect(again.item.name).toBe('logo.png');
    // Both at once: one item.
    const [a, b] = await Promise.all([upload([png(201, 'a.png')]), upload([png(201, 'b.png')])]);
    expect(a.json().data[0].item.id).toBe(b.json().data[0].item.id);
  });

  it('refuses bad files with a clear 4xx and stores nothing', async () => {
    const before = (await get('/api/media')).json().media.total;
    const bomb = tinyPng(0);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const res = await upload([
      { name: 'files[]', filename: 'bomb.png', bytes: bomb },
      {
        name: 'files[]',
        filename: 'fake.jpg',
        contentType: 'image/jpeg',
        bytes: Buffer.from('<svg><script>alert(1)</script></svg>'),
      },
      { name: 'files[]', filename: 'empty.png', bytes: Buffer.alloc(0) },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'files.0': ['The image is too large: at most 100 megapixels and 30,000 pixels a side.'],
      'files.1': ['The file is a SVG image, not the JPEG its name or type says.'],
      'files.2': ['The file is empty.'],
    });
    expect((await get('/api/media')).json().media.total).toBe(before);
    const none = await upload([{ name: 'folder_id', value: 'x' }]);
    expect(none.statusCode).toBe(422);
    const nothing = multipartBody([{ name: 'other', value: '1' }]);
    const empty = await server.call('POST', '/api/media/upload', {
      token,
      headers: nothing.headers,
      body: nothing.payload,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.files).toEqual(['Choose at least one file to upload.']);
    const json = await post('/api/media/upload', { files: [] });
    expect(json.statusCode).toBe(415);
  });

  it('refuses a file over 30 MB at its place and stores the files around it', async () => {
    const huge = { name: 'files[]', filename: 'huge.png', contentType: 'image/png', bytes: oversize() };
    const res = await upload([png(110, 'before.png'), huge, png(111, 'after.png')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((d: { name: string; error: string | null }) => [d.name, d.error])).toEqual([
      ['before.png', null],
      ['huge.png', 'The file may not be greater than 30 MB.'],
      ['after.png', null],
    ]);
    const alone = await upload([huge]);
    expect(alone.statusCode).toBe(422);
    expect(alone.json().errors).toEqual({ 'files.0': ['The file may not be greater than 30 MB.'] });
    const item = res.json().data[0].item;
    const { payload, headers } = multipartBody([{ ...huge, name: 'file' }]);
    const replaced = await server.call('POST', `/api/media/replace/${item.id}`, {
      token,
      headers,
      body: payload,
    });
    expect(replaced.statusCode).toBe(422);
    expect(replaced.json().errors).toEqual({ file: ['The file may not be greater than 30 MB.'] });
  });

  it('refuses more than 50 files at once as a whole, storing none of them', async () => {
    const before = (await get('/api/media')).json().media.total;
    const res = await upload(Array.from({ length: 51 }, (_, i) => png(800 + i, `batch-${i}.png`)));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ files: ['Upload at most 50 files at once.'] });
    expect((await get('/api/media')).json().media.total).toBe(before);
    const fifty = await upload(Array.from({ length: 50 }, (_, i) => png(800 + i, `batch-${i}.png`)));
    expect(fifty.statusCode, fifty.body).toBe(200);
    expect((await get('/api/media')).json().media.total).toBe(before + 50);
  });

  it('finds items by name, alt text and tags, and filters by folder, type and unused', async () => {
    const item = await uploadOne(300, 'showroom-exterior.png', kia.folder);
    await uploadOne(301, 'brochure.png', seat.folder);
    const saved = await post(`/api/media/update/${item.id}`, {
      alt: 'A red Sportage at dusk',
      tags: ['forecourt', 'suv'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await names('search=EXTERIOR')).toEqual(['showroom-exterior.png']);
    expect(await names('search=sportage')).toEqual(['showroom-exterior.png']);
    expect(await names('search=forecourt')).toEqual(['showroom-exterior.png']);
    expect(await names(`folder_id=${seat.folder}`)).toEqual(['brochure.png']);
    expect(await names('type=document')).toEqual([]);
    expect(await names('search=brochure&type=image&unused=1')).toEqual(['brochure.png']);
  });

  it('keeps the letters of every script in a name and finds the item by them', async () => {
    const name = 'Škoda Octavia – café 日本語.png';
    expect((await uploadOne(120, name)).name).toBe(name);
    // As macOS sends it: an S followed by a combining caron, shown and found as the one letter.
    expect((await uploadOne(121, 'S\u030Ckoda Fabia.png')).name).toBe('Škoda Fabia.png');
    expect(await names(`search=${encodeURIComponent('Škoda')}`)).toEqual(['Škoda Fabia.png', name]);
    expect(await names(`search=${encodeURIComponent('日本語')}`)).toEqual([name]);
    // A right-to-left override would show this as "invoiceexe.png": invisible, it goes.
    expect((await uploadOne(122, 'invoice\u202Egnp.exe')).name).toBe('invoice_gnp.exe');
  });

  it('keeps alt text, decorative, caption, credit and the focal point, and refuses bad values', async () => {
    const item = await uploadOne(400);
    const res = await post(`/api/media/update/${item.id}`, {
      alt: '  Kia logo  ',
      decorative: true,
      caption: 'Our logo',
      credit: 'Kia UK',
      focal_point: { x: 0.25, y: 0.75 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await get(`/api/media/show/${item.id}`)).json().data;
    expect(shown).toMatchObject({
      alt: 'Kia logo',
      decorative: true,
      caption: 'Our logo',
      credit: 'Kia UK',
      focal_point: { x: 0.25, y: 0.75 },
      uses: [],
    });
    const bad = await post(`/api/media/update/${item.id}`, { focal_point: { x: 1.5, y: -1 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['focal_point.x', 'focal_point.y']);
    expect((await get(`/api/media/show/${item.id}`)).json().data.focal_point).toEqual({ x: 0.25, y: 0.75 });
    expect((await get('/api/media/show/999999')).statusCode).toBe(404);
  });

  it('replaces the file of an item, keeping its id and uses', async () => {
    const item = await uploadOne(500, 'old.png');
    await setMediaUses(server.database.db, 'brands', kia.id, [item.id]);
    const { payload, headers } = multipartBody([{ name: 'file', filename: 'new.png', bytes: tinyPng(501) }]);
    const res = await server.call('POST', `/api/media/replace/${item.id}`, { token, headers, body: payload });
    expect(res.statusCode, res.body).toBe(200);
    const replaced = res.json().data;
    expect(replaced).toMatchObject({ id: item.id, name: 'new.png', uses_count: 1 });
    expect(replaced.sha256).not.toBe(item.sha256);
    expect((await server.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: replaced.url })).statusCode).toBe(200);
    const other = await uploadOne(502);
    const clash = multipartBody([{ name: 'file', filename: 'x.png', bytes: tinyPng(502) }]);
    const refused = await server.call('POST', `/api/media/replace/${item.id}`, {
      token,
      headers: clash.headers,
      body: clash.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file[0]).toContain(other.name);
    await setMediaUses(server.database.db, 'brands', kia.id, []);
  });

  it('warns of uses on delete, restores from the bin, refuses to delete forever while used', async () => {
    const item = await uploadOne(600, 'hero.png');
    await setMediaUses(server.database.db, 'brands', kia.id, [item.id]);
    await setMediaUses(server.database.db, 'brands', seat.id, [item.id]);
    const shown = (await get(`/api/media/show/${item.id}`)).json().data;
    expect(shown.uses_count).toBe(2);
    expect(shown.uses).toEqual([
      { area: 'brands', id: kia.id, name: 'Kia', url: `/brands/edit/${kia.id}` },
      { area: 'brands', id: seat.id, name: 'Seat', url: `/brands/edit/${seat.id}` },
    ]);
    const binned = await post('/api/media/delete', { ids: [item.id] });
    expect(binned.json().message).toBe('Moved 1 item to the bin; still used in 2 places.');
    const listed = (await get('/api/media?search=hero.png')).json().media.data;
    expect(listed).toEqual([]);
    const bin = (await get('/api/media?trashed=1&search=hero.png')).json().media.data;
    expect(bin.map((d: { id: number }) => d.id)).toEqual([item.id]);

    const forever = await post('/api/media/forever', { ids: [item.id] });
    expect(forever.statusCode).toBe(422);
    expect(forever.json().errors.ids).toEqual(['hero.png is still used in 2 places.']);

    expect((await post('/api/media/restore', { ids: [item.id] })).json().message).toBe('Restored 1 item.');
    expect((await get('/api/media?search=hero.png')).json().media.total).toBe(1);

    await setMediaUses(server.database.db, 'brands', kia.id, []);
    await setMediaUses(server.database.db, 'brands', seat.id, []);
    await post('/api/media/delete', { ids: [item.id] });
    const gone = await post('/api/media/forever', { ids: [item.id] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(`/api/media/show/${item.id}`)).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: item.url })).statusCode).toBe(404);
    // Not in the bin: nothing to delete forever.
    const live = await uploadOne(601);
    expect((await post('/api/media/forever', { ids: [live.id] })).statusCode).toBe(404);
  });

  it('has a folder per brand, adds folders, and keeps a scoped user to their folders', async () => {
    const folders = (await get('/api/media/folders')).json().data;
    expect(folders.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['Kia', 'Seat']));
    const added = await post('/api/media/folders/create', { name: 'Campaigns', brand_id: kia.id });
    expect(added.statusCode, added.body).toBe(200);

    const manager = await signedInAs(server, 'Brand manager', { brand_ids: [kia.id] });
    const theirs = (await get('/api/media/folders', manager.token)).json().data;
    expect(theirs.map((f: { name: string }) => f.name).sort()).toEqual(['Campaigns', 'Kia']);
    const inKia = await uploadOne(700, 'kia-only.png', kia.folder);
    const inSeat = await uploadOne(701, 'seat-only.png', seat.folder);
    const seen = (await get('/api/media', manager.token)).json().media.data.map((d: { id: number }) => d.id);
    expect(seen).toContain(inKia.id);
    expect(seen).not.toContain(inSeat.id);
    expect((await get(`/api/media/show/${inSeat.id}`, manager.token)).statusCode).toBe(404);
    expect((await post(`/api/media/update/${inSeat.id}`, { alt: 'x' }, manager.token)).statusCode).toBe(404);
    expect(
      (await post(`/api/media/update/${inKia.id}`, { folder_id: seat.folder }, manager.token)).statusCode,
    ).toBe(404);
    const outside = await upload(
      [{ name: 'folder_id', value: String(seat.folder) }, png(702)],
      manager.token,
    );
    expect(outside.statusCode).toBe(404);
    const noFolder = await upload([png(703)], manager.token);
    expect(noFolder.statusCode).toBe(422);
    expect(
      (await post('/api/media/folders/create', { name: 'Theirs', brand_id: seat.id }, manager.token))
        .statusCode,
    ).toBe(404);
    const mine = await upload([{ name: 'folder_id', value: String(kia.folder) }, png(704)], manager.token);
    expect(mine.statusCode).toBe(200);

    // Sales works with enquiries and reservations only: the library is closed to it.
    const sales = await signedInAs(server, 'Sales', { brand_ids: [kia.id] });
    expect((await get('/api/media', sales.token)).statusCode).toBe(403);
    const reader = await signedInAs(server, 'Read only', { brand_ids: [kia.id] });
    expect((await get('/api/media', reader.token)).statusCode).toBe(200);
    const refusedUpload = await upload(
      [{ name: 'folder_id', value: String(kia.folder) }, png(705)],
      reader.token,
    );
    expect(refusedUpload.statusCode).toBe(403);
    expect(refusedUpload.json().message).toBe('Your role, Read only, cannot upload to the media library.');
    const refusedDelete = await post('/api/media/delete', { ids: [inKia.id] }, reader.token);
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().message).toBe(
      'Your role, Read only, cannot delete files from the media library.',
    );
  });
});
