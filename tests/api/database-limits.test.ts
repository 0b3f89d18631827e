import { registeredCalls } from '@server/http/route';
import { errors } from '@server/plugins/errors';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldPaths, schemaOf } from './fuzz';
import { databaseKind, insertUser, serverForFile } from './harness';
import { multipartBody, tinyPng } from './uploads';

// Values past what the database's columns hold, sent one field at a time in an otherwise valid body
// of every create and update call, so that each one meets the database and not only the schema.

// Webhooks go to a local address: no name to resolve in a sandbox.
const file = serverForFile({ WEBHOOKS_ALLOW_PRIVATE: '1' });

/** Past a 32-bit integer column, either way; past a varchar; past the years a timestamp reads back; ... */
const BEYOND_COLUMNS: unknown[] = [
  2_147_483_648,
  -2_147_483_649,
  'x'.repeat(100_000),
  '99999-12-31',
  '99999-12-31T23:59',
  '+099999-12-31T23:59:00.000Z',
  // An id that fits the column but names no record, and a value left out.
  2_147_483_647,
  null,
];

interface Records {
  brand: number;
  dealership: number;
  user: number;
  role: number;
  media: number;
  folder: number;
  page: number;
  form: number;
  template: number;
  webhook: number;
  workflow: number;
}
const made = {} as Records;

/** A different name each time, so a unique name or slug never stops a body before the database. */
let counter = 0;
const next = () => ++counter;

const brandBody = (n: number) => ({
  name: `Limit Brand ${n}`,
  slug: `limit-brand-${n}`,
  live: true,
  is_fake: false,
  manufacturer_id: 0,
  lcv_manufacturer_id: 0,
  logo: null,
});
const dealershipBody = (n: number) => ({
  name: `Limit Motors ${n}`,
  slug: `limit-motors-${n}`,
  copy: 'Family run since 1962.',
  live: true,
  brand_id: made.brand,
  vehicles_dealer_id: null,
  published_at: '2025-01-01T09:00',
  banner_img: [],
  dealer_img: [],
  email: 'showroom@example.com',
  telephone: '0113 496 0000',
  address: {
    address_line_1: '1 High Street',
    address_line_2: 'Unit 2',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 1AA',
    lat: 53.8,
    lng: -1.5,
  },
  opening_times: [{ department: 'Sales', days: { monday: '9 - 5' } }],
  crm_emails: ['crm@example.com'],
  team: [{ name: 'Sam Seller', content: 'Sales lead', image: [] }],
  quotee_uid: 'q-1',
  pinnacle_enquiry_id: '1',
  pinnacle_used_enquiry_id: '2',
});
const userBody = (n: number) => ({
  name: `Limit User ${n}`,
  email: `limit.user.${n}@example.com`,
  telephone: '0113 496 0001',
  job_title: 'Sales',
  password: 'a long enough password',
  avatar: null,
  role_id: made.role,
  scope: { brand_ids: [made.brand], dealership_ids: [], chosen: true },
});
const pageData = (n: number) => ({
  name: `Limit Page ${n}`,
  slug: 'ignored',
  brand_id: made.brand,
  meta: { title: `Limit Page ${n}`, description: 'About it' },
  published: 0,
  published_at: '2025-01-01T09:00',
  unpublish_at: '2030-01-01T09:00',
  child_template_id: made.template,
  is_allowed_children: 1,
});
const formData = (n: number) => ({
  name: `Limit Form ${n}`,
  handle: 'ignored',
  brand_id: made.brand,
  meta: { title: `Limit Form ${n}`, description: 'A form' },
  published: 0,
  published_at: '2025-01-01T09:00',
  is_allowed_children: 1,
  emails: {
    subject: 'New enquiry',
    email_title: 'Enquiry',
    email_body: 'Someone asked a question.',
    email_lists: ['sales@example.com'],
  },
  thank_you: { description: 'We will be in touch.' },
});
const webhookBody = () => ({
  url: 'http://127.0.0.1:9/console',
  events: ['page.published'],
  brand_ids: [made.brand],
  dealership_ids: [made.dealership],
  scope_chosen: true,
  enabled: true,
});
const workflowBody = (n: number) => ({
  name: `Limit Review ${n}`,
  applies_to: { page_ids: [], brand_ids: [], forms: false },
  stages: [{ name: 'Compliance', role_ids: [made.role], user_ids: [], due_hours: 48 }],
});

/** Each create and update call with a body it accepts as it is. */
const routes: { path: string; url: () => string; body: (n: number) => Record<string, unknown> }[] = [
  { path: 'users/create', url: () => 'users/create', body: userBody },
  {
    path: 'users/update/:id',
    url: () => `users/update/${made.user}`,
    body: (n) => ({ ...userBody(n), password: undefined }),
  },
  {
    path: 'roles/create',
    url: () => 'roles/create',
    body: (n) => ({ name: `Limit Role ${n}`, permissions: {} }),
  },
  {
    path: 'roles/update/:id',
    url: () => `roles/update/${made.role}`,
    body: (n) => ({ name: `Limit Role ${n}`, permissions: { pages: ['view'] } }),
  },
  { path: 'brands/create', url: () => 'brands/create', body: brandBody },
  { path: 'brands/update/:id', url: () => `brands/update/${made.brand}`, body: brandBody },
  { path: 'dealerships/create', url: () => 'dealerships/create', body: dealershipBody },
  {
    path: 'dealerships/update/:id',
    url: () => `dealerships/update/${made.dealership}`,
    body: dealershipBody,
  },
  {
    path: 'media/update/:id',
    url: () => `media/update/${made.media}`,
    body: () => ({
      alt: 'A red car',
      decorative: false,
      caption: 'On the forecourt',
      credit: 'Sam',
      tags: ['red'],
      folder_id: made.folder,
      focal_point: { x: 0.5, y: 0.5 },
    }),
  },
  {
    path: 'media/folders/create',
    url: () => 'media/folders/create',
    body: (n) => ({ name: `Limit Folder ${n}`, brand_id: made.brand, dealership_id: made.dealership }),
  },
  { path: 'pages/store', url: () => 'pages/store', body: (n) => ({ data: pageData(n), parent: null }) },
  { path: 'pages/update', url: () => 'pages/update', body: (n) => ({ id: made.page, data: pageData(n) }) },
  { path: 'forms/store', url: () => 'forms/store', body: (n) => ({ data: formData(n), parent: null }) },
  { path: 'forms/update', url: () => 'forms/update', body: (n) => ({ id: made.form, data: formData(n) }) },
  {
    path: 'templates/store',
    url: () => 'templates/store',
    body: (n) => ({ data: { name: `Limit Template ${n}`, items: [], locked: 0, is_allowed_children: 1 } }),
  },
  {
    path: 'templates/update',
    url: () => 'templates/update',
    body: (n) => ({ id: made.template, data: { name: `Limit Template ${n}`, items: [], locked: 0 } }),
  },
  {
    path: 'settings/update',
    url: () => 'settings/update',
    body: () => ({
      site_name: 'Northway Motor Group',
      social: { facebook: 'https://facebook.com/northway', twitter: null, instagram: null },
      evolution: { id: 'northway', password: 'quotee-123' },
      hpi: { customer_code: 'NW001', password: 'secret', initials: 'NW' },
      cap: { valuation_margin: 10 },
      voucher: { code: 'SPRING', value: 99 },
    }),
  },
  { path: 'webhooks/create', url: () => 'webhooks/create', body: webhookBody },
  { path: 'webhooks/update/:id', url: () => `webhooks/update/${made.webhook}`, body: webhookBody },
  { path: 'workflows/create', url: () => 'workflows/create', body: workflowBody },
  { path: 'workflows/update/:id', url: () => `workflows/update/${made.workflow}`, body: workflowBody },
  {
    path: 'comments/create',
    url: () => 'comments/create',
    body: () => ({ record: `pages:${made.page}`, reply_to: null, field: null, body: 'Check the price.' }),
  },
];

const post = (url: string, body: unknown) =>
  file.server.call('POST', `/api/${url}`, { token: file.token, body: body as object });

async function idOf(res: LightMyRequestResponse, what: string): Promise<number> {
  if (res.statusCode !== 200) console.log(`SETUP ${what}: ${res.body.slice(0, 300)}`);
  return res.json().id as number;
}

/** The path of every value in `value` (objects and arrays walked), as `fieldPaths` names a field. */
function leafPaths(value: unknown, at: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...at, String(i)]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...at, key]));
  return at.length ? [at] : [];
}

/** A copy of `body` with `value` at `path`, arrays kept as arrays. */
function replaced(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const inner = at[key];
    at[key] = inner && typeof inner === 'object' ? inner : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path.at(-1)!] = value;
  return copy;
}

beforeAll(async () => {
  made.brand = await idOf(await post('brands/create', brandBody(next())), 'brand');
  made.dealership = await idOf(await post('dealerships/create', dealershipBody(next())), 'dealership');
  made.role = await idOf(await post('roles/create', { name: 'Limit Role', permissions: {} }), 'role');
  made.user = await insertUser(file.server, { name: 'Limit Target', email: 'limit.target@example.com' });
  made.template = await idOf(
    await post('templates/store', { data: { name: 'Limit Template', items: [] } }),
    'template',
  );
  made.page = await idOf(await post('pages/store', { data: pageData(next()), parent: null }), 'page');
  made.form = await idOf(await post('forms/store', { data: formData(next()), parent: null }), 'form');
  made.webhook = await idOf(await post('webhooks/create', webhookBody()), 'webhook');
  made.workflow = await idOf(await post('workflows/create', workflowBody(next())), 'workflow');
  made.folder = await idOf(
    await post('media/folders/create', { name: 'Limit Folder', brand_id: null, dealership_id: null }),
    'folder',
  );
  const { payload, headers } = multipartBody([
    { name: 'files[]', filename: 'car.png', contentType: 'image/png', bytes: tinyPng(1) },
  ]);
  const upload = await file.server.call('POST', '/api/media/upload', {
    token: file.token,
    headers,
    body: payload,
  });
  expect(upload.statusCode, upload.body).toBe(200);
  made.media = upload.json().data[0].item.id as number;
});

describe(`Values the database cannot hold (${databaseKind})`, () => {
  it('covers every create and update call of the contract', () => {
    const writes = new Set(
      registeredCalls
        .filter((call) => call.method === 'POST' && /(^|\/)(create|store|update)(\/|$)/.test(call.path))
        .map((call) => call.path),
    );
    expect([...writes].filter((path) => !routes.some((route) => route.path === path))).toEqual([]);
  });

  it('takes each base body as it is, so every value below meets the database', async () => {
    for (const route of routes) {
      const res = await post(route.url(), route.body(next()));
      expect(res.statusCode, `${route.path}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });

  it('answers each out-of-range value in each field with a 4xx that names the field, never a 500', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const call = registeredCalls.find((c) => c.method === 'POST' && c.path === route.path)!;
      const base = route.body(0);
      const paths = new Map(
        [...leafPaths(base), ...fieldPaths(schemaOf(call)).map((field) => field.path)].map((path) => [
          path.join('.'),
          path,
        ]),
      );
      for (const [name, path] of paths) {
        for (const value of BEYOND_COLUMNS) {
          const res = await post(route.url(), replaced(route.body(next()), path, value));
          const what = `${route.path} ${name}=${String(value).slice(0, 30)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode >= 500) failures.push(what);
          else if (res.statusCode === 422 && Object.keys(res.json().errors ?? {}).length === 0)
            failures.push(what);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('still reads every record afterwards', async () => {
    const reads = [
      'users?page=1',
      `users/show/${made.user}`,
      'roles?page=1',
      'brands?page=1',
      `brands/show/${made.brand}`,
      'dealerships?page=1',
      `dealerships/show/${made.dealership}`,
      `pages/edit?id=${made.page}`,
      'pages?page=1',
      `forms/edit?id=${made.form}`,
      `templates/edit?id=${made.template}`,
      'settings',
      'webhooks?page=1',
      `workflows/show/${made.workflow}`,
      `comments?record=pages:${made.page}`,
      'media?page=1',
    ];
    const failed: string[] = [];
    for (const url of reads) {
      const res = await file.server.call('GET', `/api/${url}`, { token: file.token });
      if (res.statusCode !== 200) failed.push(`${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failed).toEqual([]);
  });
});

describe(`A write the database refuses, whatever route makes it (${databaseKind})`, () => {
  // A route that hands its body to the database unchecked, as a route that missed a case would.
  let app: FastifyInstance;
  beforeAll(async () => {
    await file.server.database.db.execute(sql`
      create table refusal_probe (
        code varchar(5) not null unique,
        brand_id integer references brands (id),
        score integer constraint refusal_probe_score_check check (score between 0 and 10),
        starts_on date
      )`);
    app = Fastify();
    await app.register(errors);
    app.post('/probe', async (request) => {
      const { data } = request.body as { data: Record<string, unknown> };
      await file.server.database.db.execute(sql`
        insert into refusal_probe (code, brand_id, score, starts_on)
        values (${data.code ?? null}, ${data.brand_id ?? null}, ${data.score ?? null}, ${data.starts_on ?? null})`);
      return { saved: true };
    });
  });
  afterAll(() => app?.close());

  const probe = (data: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/probe', payload: { data: { code: 'A1', ...data } } });

  it('answers 422 under the field the database names, in words a person reads', async () => {
    expect((await probe({ code: 'TAKEN' })).statusCode).toBe(200);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ code: null }, { 'data.code': ['This field is required.'] }],
      [{ code: 'TAKEN' }, { 'data.code': ['This has already been taken.'] }],
      [{ brand_id: 2_147_483_647 }, { 'data.brand_id': ['Choose one that exists.'] }],
      [{ score: 11 }, { 'data.score': ['This value is not allowed here.'] }],
      // These the database names no column for: the answer still says what is wrong.
      [{ code: 'TOO LONG' }, { _: ['This is longer than can be stored: use fewer characters.'] }],
      [{ score: 2_147_483_648 }, { _: ['This number is larger than can be stored.'] }],
      [{ starts_on: '2025-02-31' }, { _: ['Enter a real date, within the years that can be stored.'] }],
      [{ starts_on: 'next week' }, { _: ['Enter a real date and time.'] }],
      [{ score: '1.5' }, { _: ['Give a value of the kind this field takes.'] }],
    ];
    const answers = [];
    for (const [data] of cases) {
      const res = await probe(data);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers).toEqual(
      cases.map(([, errors]) => ({
        status: 422,
        body: { message: Object.values(errors)[0]![0], errors },
      })),
    );
    // Nothing but the first row was stored.
    const stored = await file.server.database.db.execute(sql`select count(*)::int as n from refusal_probe`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
  });
});
