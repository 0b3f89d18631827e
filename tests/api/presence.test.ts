import { brands } from '@server/db/schema/brands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, insertUser, signedInAs, type TestServer } from './harness';
import { store, type TreeClient } from './pages-tree';
import { names, openPresence } from './presence-stream';

let server: TestServer;
let c: TreeClient;
let baseURL: string;
let brandId: number;
let otherBrandId: number;

beforeAll(async () => {
  server = await createTestServer();
  const token = await server.login();
  const insert = async (name: string) =>
    (
      await server.database.db
        .insert(brands)
        .values({ name, slug: name.toLowerCase(), sortOrder: name.length })
        .returning({ id: brands.id })
    )[0]!.id;
  brandId = await insert('Kia');
  otherBrandId = await insert('Ford');
  c = { server, token, brandId };
  baseURL = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

describe(`Who else has a record open (${databaseKind})`, () => {
  it('tells everyone on a page who is there, within a second of each arrival and departure', async () => {
    const page = await store(c, 'Finance offers');
    const record = `pages:${page}`;
    await insertUser(server, {
      name: 'Robin Editor',
      email: 'robin@example.com',
      password: 'robin password 1',
    });
    const robin = await server.login('robin@example.com', 'robin password 1');

    const admin = await openPresence(baseURL, { record, token: c.token });
    expect(admin.status).toBe(200);
    expect(admin.contentType).toMatch(/^text\/event-stream/);
    expect(names(await admin.next((e) => e.people.length === 1, 1000))).toEqual(['Site Administrator']);

    const started = Date.now();
    const second = await openPresence(baseURL, { record }, { authorization: `Bearer ${robin}` });
    const both = await admin.next((e) => e.people.length === 2, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(names(both)).toEqual(['Site Administrator', 'Robin Editor']);
    expect(both.record).toBe(record);
    expect(names(await second.next((e) => e.people.length === 2, 1000))).toEqual([
      'Site Administrator',
      'Robin Editor',
    ]);

    // A second tab of someone already there changes nobody's list: only they are told of their tabs.
    const count = admin.events.length;
    const robinSeen = second.events.length;
    expect(second.events.at(-1)?.own_tabs).toBe(1);
    const again = await openPresence(baseURL, { record, token: robin });
    expect((await again.next((e) => e.people.length === 2)).own_tabs).toBe(2);
    await second.next((e) => e.own_tabs === 2 && second.events.indexOf(e) >= robinSeen, 1000);
    again.close();
    await second.next((e) => e.own_tabs === 1 && second.events.indexOf(e) > robinSeen, 1000);

    second.close();
    const alone = await admin.next((e) => e.people.length === 1 && admin.events.indexOf(e) >= count, 1000);
    expect(names(alone)).toEqual(['Site Administrator']);
    // The second tab's arrival and departure made no event of their own: only Robin leaving did.
    expect(admin.events.slice(count).map(names)).toEqual([['Site Administrator']]);

    // Another page is another room.
    const other = await openPresence(baseURL, { record: `pages:${await store(c, 'Service')}`, token: robin });
    expect(names(await other.next(() => true))).toEqual(['Robin Editor']);
    other.close();
    admin.close();
  });

  it('takes the token from the console_access cookie too, and follows brands, the settings and the page tree', async () => {
    const brand = await openPresence(
      baseURL,
      { record: `brands:${brandId}` },
      { cookie: `console_access=${c.token}` },
    );
    expect(brand.status).toBe(200);
    expect(names(await brand.next(() => true))).toEqual(['Site Administrator']);
    brand.close();
    const settings = await openPresence(baseURL, { record: 'settings', token: c.token });
    expect(names(await settings.next(() => true))).toEqual(['Site Administrator']);
    settings.close();
    const tree = await openPresence(baseURL, { record: 'pages', token: c.token });
    expect(names(await tree.next(() => true))).toEqual(['Site Administrator']);
    tree.close();
    const sales = await signedInAs(server, 'Sales');
    expect((await openPresence(baseURL, { record: 'pages', token: sales.token })).status).toBe(403);
  });

  it('marks who may change the record and who may only read it, by their role', async () => {
    const page = await store(c, 'Read and write');
    const record = `pages:${page}`;
    const admin = await openPresence(baseURL, { record, token: c.token });
    const reader = await signedInAs(server, 'Read only');
    const read = await openPresence(baseURL, { record, token: reader.token });
    expect(read.status).toBe(200);
    const both = await admin.next((e) => e.people.length === 2, 1000);
    expect(both.people.map(({ name, editing }) => ({ name, editing }))).toEqual([
      { name: 'Site Administrator', editing: true },
      { name: expect.stringMatching(/^Read only/), editing: false },
    ]);
    // Reading a brand is not changing it either.
    const brand = await openPresence(baseURL, { record: `brands:${brandId}`, token: reader.token });
    expect((await brand.next(() => true)).people[0]?.editing).toBe(false);
    brand.close();
    read.close();
    admin.close();
  });

  it('refuses without a valid token, with a bad record, and to those who may not view the record', async () => {
    const page = await store(c, 'Kia only');
    const fordPage = await store(c, 'Ford only', null, { brand_id: otherBrandId });
    expect((await openPresence(baseURL, { record: `pages:${page}` })).status).toBe(401);
    expect((await openPresence(baseURL, { record: `pages:${page}`, token: 'not-a-token' })).status).toBe(401);

    const bad = await openPresence(baseURL, { record: 'users:1', token: c.token });
    expect(bad.status).toBe(422);
    expect(bad.refusal).toMatchObject({ errors: { record: [expect.any(String)] } });

    // Sales has no view of pages at all; a Kia brand manager may not see Ford's page.
    const sales = await signedInAs(server, 'Sales');
    const refused = await openPresence(baseURL, { record: `pages:${page}`, token: sales.token });
    expect(refused.status).toBe(403);
    expect(refused.refusal?.message).toMatch(/cannot view pages/);
    const manager = await signedInAs(server, 'Brand manager', { brand_ids: [brandId] });
    expect((await openPresence(baseURL, { record: `pages:${fordPage}`, token: manager.token })).status).toBe(
      404,
    );
    expect((await openPresence(baseURL, { record: 'pages:999999', token: c.token })).status).toBe(404);
    expect(
      (await openPresence(baseURL, { record: `brands:${otherBrandId}`, token: manager.token })).status,
    ).toBe(404);
    const own = await openPresence(baseURL, { record: `pages:${page}`, token: manager.token });
    expect(own.status).toBe(200);
    expect(names(await own.next(() => true))).toEqual([expect.stringMatching(/^Brand manager/)]);
    own.close();
  });
});
