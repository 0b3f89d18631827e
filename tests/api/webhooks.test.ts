import { webhookDeliveries } from '@server/db/schema/webhooks';
import { postSigned } from '@server/domain/webhooks/send';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRole, createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { type Receiver, startReceiver } from './receiver';

let server: TestServer;
let strict: TestServer;
let token: string;
let receiver: Receiver;

const brand = (slug: string, name = slug) => ({
  name,
  slug,
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo: null,
});

beforeAll(async () => {
  receiver = await startReceiver();
  [server, strict] = await Promise.all([
    createTestServer({ WEBHOOKS_ALLOW_PRIVATE: '1', WEBHOOKS_RETRY_BASE_MS: '50' }),
    createTestServer(),
  ]);
  token = await server.login();
}, 60_000);

afterAll(async () => {
  await Promise.all([server?.close(), strict?.close(), receiver?.close()]);
});

const post = (url: string, body: unknown, as = token, on = server) =>
  on.call('POST', `/api/${url}`, { token: as, body });
const get = (url: string, as = token, on = server) => on.call('GET', `/api/${url}`, { token: as });

async function addEndpoint(events: string[], extra: Record<string, unknown> = {}, url = receiver.url) {
  const res = await post('webhooks/create', {
    url,
    events,
    brand_ids: [],
    dealership_ids: [],
    enabled: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; secret: string };
}

async function newBrand(slug: string): Promise<number> {
  const res = await post('brands/create', brand(slug));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function disable(id: number) {
  const shown = (await get(`webhooks/show/${id}`)).json().data;
  await post(`webhooks/update/${id}`, { ...shown, enabled: false });
}

describe(`webhooks (${databaseKind})`, () => {
  it('answers the secret once, signs every request so standardwebhooks verifies it, and names a published page’s paths', async () => {
    const { id, secret } = await addEndpoint(['page.published', 'page.moved']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const shown = await get(`webhooks/show/${id}`);
    expect(shown.json().data).toMatchObject({
      id,
      url: receiver.url,
      enabled: true,
      events: ['page.published', 'page.moved'],
    });
    expect(shown.body).not.toContain(secret.slice(6));

    const brandId = await newBrand('webhook-pages');
    const parent = await post('pages/store', {
      data: {
        name: 'Offers',
        slug: 'x',
        brand_id: brandId,
        meta: { title: 'Offers', description: 'd' },
        published: 0,
        is_allowed_children: 1,
      },
      parent: null,
    });
    const child = await post('pages/store', {
      data: {
        name: 'Spring sale',
        slug: 'x',
        brand_id: brandId,
        meta: { title: 'Spring', description: 'd' },
        published: 0,
        is_allowed_children: 1,
      },
      parent: parent.json().id,
    });
    expect(child.statusCode, child.body).toBe(200);
    expect((await post('pages/publishable', { id: child.json().id })).statusCode).toBe(200);

    const [request] = await receiver.waitFor(1, (r) => r.json.type === 'page.published');
    const verified = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(verified).toMatchObject({ type: 'page.published', data: { ids: [child.json().id] } });
    expect(request!.json.data.paths!.sort()).toEqual(['/offers', '/offers/spring-sale']);
    expect(request!.headers['webhook-id']).toMatch(/^msg_/);

    // Moving the parent moves its child's path too: one event names both, as they were and are.
    const other = await post('pages/store', {
      data: {
        name: 'Deals',
        slug: 'x',
        brand_id: brandId,
        meta: { title: 'Deals', description: 'd' },
        published: 0,
        is_allowed_children: 1,
      },
      parent: null,
    });
    expect((await post('pages/move', { id: parent.json().id, parent: other.json().id })).statusCode).toBe(
      200,
    );
    const [moved] = await receiver.waitFor(1, (r) => r.json.type === 'page.moved');
    expect(moved!.json.data.paths).toEqual(
      expect.arrayContaining([
        '/offers',
        '/offers/spring-sale',
        '/deals/offers',
        '/deals/offers/spring-sale',
        '/deals',
      ]),
    );
    await disable(id);
  });

  it('signs with the old secret too for a day after a rotation', async () => {
    const { id, secret: old } = await addEndpoint(['brand.updated']);
    const rotated = await post(`webhooks/rotate/${id}`, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(old);
    expect((await get(`webhooks/show/${id}`)).json().data.previous_secret_until).not.toBeNull();
    const brandId = await newBrand('rotated-brand');
    const [request] = await receiver.waitFor(
      1,
      (r) => r.json.type === 'brand.updated' && r.json.data.ids[0] === brandId,
    );
    const headers = request!.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(fresh).verify(request!.body, headers)).toBeTruthy();
    expect(new Webhook(old).verify(request!.body, headers)).toBeTruthy();
    await disable(id);
  });

  it('logs a test event and replays a delivery with the same webhook-id', async () => {
    const { id } = await addEndpoint(['settings.updated']);
    const sent = await post(`webhooks/test/${id}`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const [test] = await receiver.waitFor(1, (r) => r.json.type === 'webhook.test');
    const log = async () => (await get(`webhooks/deliveries?id=${id}`)).json().deliveries;
    // The receiver has answered; the log records it as the answer comes back.
    await expect.poll(async () => (await log()).data[0].status).toBe('delivered');
    let deliveries = await log();
    expect(deliveries.total).toBe(1);
    expect(deliveries.data[0]).toMatchObject({
      type: 'webhook.test',
      status: 'delivered',
      response_status: 200,
      response_body: 'ok',
      attempts: 1,
    });
    expect(deliveries.data[0].request_body).toBe(test!.body);
    expect(deliveries.data[0].message_id).toBe(test!.headers['webhook-id']);

    const replayed = await post('webhooks/replay', { delivery_id: deliveries.data[0].id });
    expect(replayed.statusCode, replayed.body).toBe(200);
    const both = await receiver.waitFor(2, (r) => r.json.type === 'webhook.test');
    expect(both[1]!.headers['webhook-id']).toBe(test!.headers['webhook-id']);
    deliveries = await log();
    expect(deliveries.data[0]).toMatchObject({ replay_of: deliveries.data[1].id });
    // The list row shows the endpoint's own newest delivery: the replay, once answered.
    await expect.poll(async () => (await log()).data[0].status).toBe('delivered');
    const newest = (await log()).data[0];
    expect(newest.id).not.toBe(id);
    const row = async (of: number) =>
      (await get('webhooks')).json().webhooks.data.find((w: { id: number }) => w.id === of);
    expect((await row(id)).last_delivery).toEqual({
      status: 'delivered',
      response_status: 200,
      at: newest.attempted_at,
    });
    // An endpoint nothing was ever sent to has no last delivery, whatever the others have.
    const { id: quiet } = await addEndpoint(['settings.updated']);
    expect((await row(quiet)).last_delivery).toBeNull();
    await disable(quiet);
    expect((await post('webhooks/replay', { delivery_id: 999_999 })).statusCode).toBe(404);
    await disable(id);
  });

  it('delivers every event in order once a receiver that was down comes back, and sends one event for a sort', async () => {
    const late = await startReceiver();
    const { id } = await addEndpoint(['brand.updated'], {}, late.url);
    await late.down();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await newBrand(`ordered-${i}`));
    // Failed attempts are logged while it is down, and the first waits for its retries.
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select()
              .from(webhookDeliveries)
              .where(eq(webhookDeliveries.webhookId, id))
          ).filter((d) => d.attempts > 1).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const waiting = await server.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, id));
    // Nothing after the first was tried before the first went through.
    expect(waiting.filter((d) => d.seq > 1 && d.attempts > 0)).toEqual([]);
    await late.up();
    const got = await late.waitFor(6);
    expect(got.map((r) => r.json.data.ids[0])).toEqual(ids);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(6);

    // A sort of many is one event.
    expect((await post('brands/sort', { brands: [...ids].reverse() })).statusCode).toBe(200);
    await late.waitFor(7);
    await disable(id);
    await late.close();
  });

  it('follows no redirect: a 3xx is a failed attempt and the place it points to hears nothing', async () => {
    const target = await startReceiver();
    const redirecting = await startReceiver();
    redirecting.answer = { status: 302, headers: { location: target.url } };
    const { id } = await addEndpoint(['brand.updated'], {}, redirecting.url);
    await newBrand('redirected');
    await expect
      .poll(
        async () => (await get(`webhooks/deliveries?id=${id}`)).json().deliveries.data[0]?.response_status,
        { timeout: 10_000 },
      )
      .toBe(302);
    const [delivery] = (await get(`webhooks/deliveries?id=${id}`)).json().deliveries.data;
    expect(delivery).toMatchObject({
      status: 'pending',
      error: expect.stringContaining('Redirects are not followed'),
    });
    expect(target.received).toEqual([]);
    await disable(id);
    await Promise.all([target.close(), redirecting.close()]);
  });

  it('refuses private, loopback and metadata addresses unless WEBHOOKS_ALLOW_PRIVATE is set', async () => {
    const admin = await strict.login();
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/hook',
      'http://localhost:8080/hook',
      'http://192.168.0.10/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await post(
        'webhooks/create',
        { url, events: ['page.published'], brand_ids: [], dealership_ids: [], enabled: true },
        admin,
        strict,
      );
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url[0], url).toContain('private or local network');
    }
    // Checked again when sending: a name that resolves to loopback is refused at connect time.
    const result = await postSigned(`http://localhost:${receiver.port}/hook`, {}, '{}', false);
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringContaining('private or local network'),
    });
    const literal = await postSigned(`http://127.0.0.1:${receiver.port}/hook`, {}, '{}', false);
    expect(literal.error).toContain('private or local network');
  });

  it('answers bad input with field errors', async () => {
    const res = await post('webhooks/create', {
      url: 'ftp://example.com',
      events: ['page.nope'],
      brand_ids: [999],
      enabled: 'yes',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(expect.arrayContaining(['url', 'enabled']));
    const none = await post('webhooks/create', { url: receiver.url, events: [] });
    expect(none.json().errors.events).toEqual(['Choose at least one event.']);
    const missing = await post('webhooks/create', {
      url: receiver.url,
      events: ['page.published'],
      brand_ids: [99_999],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.brand_ids).toEqual(['Choose brands from the list.']);
    expect((await get('webhooks/show/99999')).statusCode).toBe(404);
    expect((await post('webhooks/delete', { ids: [] })).statusCode).toBe(422);
  });

  it('refuses a user whose role may not, and keeps a scoped user within their brands', async () => {
    const marketing = await signedInAs(server, 'Marketing');
    expect((await get('webhooks', marketing.token)).statusCode).toBe(403);
    expect(
      (await post('webhooks/create', { url: receiver.url, events: ['page.published'] }, marketing.token))
        .statusCode,
    ).toBe(403);

    const mine = await newBrand('scoped-mine');
    const theirs = await newBrand('scoped-theirs');
    await addRole(server, 'Brand webhooks', {
      webhooks: ['view', 'create', 'update', 'delete'],
      brands: ['view'],
    });
    const scoped = await signedInAs(server, 'Brand webhooks', { brand_ids: [mine] });
    const body = (brand_ids: number[]) => ({
      url: receiver.url,
      events: ['brand.updated'],
      brand_ids,
      dealership_ids: [],
      enabled: true,
    });
    expect((await post('webhooks/create', body([theirs]), scoped.token)).statusCode).toBe(403);
    expect((await post('webhooks/create', body([]), scoped.token)).statusCode).toBe(403);
    const own = await post('webhooks/create', body([mine]), scoped.token);
    expect(own.statusCode, own.body).toBe(200);
    const listed = (await get('webhooks', scoped.token)).json().webhooks;
    expect(listed.data.map((w: { id: number }) => w.id)).toEqual([own.json().id]);
    const groupWide = (await get('webhooks'))
      .json()
      .webhooks.data.find((w: { brand_ids: number[] }) => w.brand_ids.length === 0);
    expect((await get(`webhooks/show/${groupWide.id}`, scoped.token)).statusCode).toBe(404);

    // The scoped endpoint hears its brand's changes only.
    const secret = own.json().secret as string;
    const before = receiver.received.length;
    const shown = (await get(`brands/show/${theirs}`)).json().data;
    await post(`brands/update/${theirs}`, {
      ...brand('scoped-theirs', 'Theirs 2'),
      updated_at: shown.updated_at,
    });
    const mineShown = (await get(`brands/show/${mine}`)).json().data;
    await post(`brands/update/${mine}`, {
      ...brand('scoped-mine', 'Mine 2'),
      updated_at: mineShown.updated_at,
    });
    const heard = await receiver.waitFor(1, (r) => {
      try {
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
        return receiver.received.indexOf(r) >= before;
      } catch {
        return false;
      }
    });
    expect(heard.map((r) => r.json.data.ids)).toEqual([[mine]]);
    expect((await post('webhooks/delete', { ids: [own.json().id] }, scoped.token)).statusCode).toBe(200);
  });
});
