import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { allCalls, contract, lifecycleAreas } from '@/api/contract/all';
import * as analytics from '@/api/contract/analytics';
import * as brands from '@/api/contract/brands';
import * as builder from '@/api/contract/builder';
import { idList, paginator } from '@/api/contract/common';
import * as dealerships from '@/api/contract/dealerships';
import type { CallDef } from '@/api/contract/define';
import * as forms from '@/api/contract/forms';
import * as pages from '@/api/contract/pages';
import { permissionOf } from '@/api/contract/permissions';
import * as responses from '@/api/contract/responses';
import * as settings from '@/api/contract/settings';
import * as templates from '@/api/contract/templates';
import * as vehicles from '@/api/contract/vehicles';
import { api } from '@/api/endpoints';
import { CALL_TABLE_MODULE, callTable } from '../../scripts/callTable';
import { unpackCallTable } from '../../src/api/callTablePack';

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value &&
  'summary' in value;

type ContractModule = Record<string, unknown> & { calls: Record<string, CallDef> };

/**
 * Every contract module that defines calls, found on disk: a new module cannot be left out of
 * the call list without this test seeing it.
 */
const definers = Object.entries(
  import.meta.glob<Record<string, unknown>>('/src/api/contract/*.ts', { eager: true }),
)
  .filter(([, module]) => Object.values(module).some(isCall))
  .map(([path, module]) => [path.replace(/^.*\/(\w+)\.ts$/, '$1'), module] as const);

/** The modules with a call list of their own: an area's. */
const modules: Record<string, ContractModule> = Object.fromEntries(
  definers
    .filter(([, module]) => 'calls' in module)
    .map(([name, module]) => [name, module as ContractModule]),
);

/** Modules that define some of an area's calls for it (a long area split in two), without a list. */
const parts = definers.filter(([, module]) => !('calls' in module));

const label = (call: CallDef) => `${call.method} ${call.path}`;

/** Where a schema holds a one-way transform; the server encodes answers, and encoding refuses those. */
function oneWayTransforms(schema: z.core.$ZodType, at = 'response', seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, where: string) => oneWayTransforms(child as z.core.$ZodType, where, seen);
  switch (def.type) {
    case 'transform':
      return [at];
    case 'pipe':
      return [...walk(def.in, at), ...walk(def.out, at)];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) =>
        walk(child, `${at}.${key}`),
      );
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'record':
      return [...walk(def.keyType, `${at}{key}`), ...walk(def.valueType, `${at}{}`)];
    case 'union':
      return (def.options as unknown[]).flatMap((child) => walk(child, at));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return walk(def.innerType, at);
    default:
      return [];
  }
}

const issuesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path, message: issue.message }));

/** What the server sends back for a failed form: Laravel's dotted keys. */
const dottedKeys = (result: z.ZodSafeParseResult<unknown>) =>
  issuesOf(result).map((issue) => issue.path.join('.'));

describe('the call list', () => {
  it('takes every call a contract module exports from that module’s own list, once', () => {
    for (const [name, module] of Object.entries(modules)) {
      const exported = Object.values(module).filter(isCall);
      expect(new Set(Object.values(module.calls)), name).toEqual(new Set(exported));
    }
    const exported = Object.values(modules).flatMap((module) => Object.values(module).filter(isCall));
    expect(new Set(allCalls)).toEqual(new Set(exported));
    expect(new Set(allCalls).size).toBe(allCalls.length);
  });

  it('finds every call of a module without a list of its own exported by an area that lists it', () => {
    for (const [name, part] of parts) {
      for (const call of Object.values(part).filter(isCall)) {
        const area = Object.values(modules).find((module) => Object.values(module).includes(call));
        expect(area && Object.values(area.calls).includes(call), `${name}: ${label(call)}`).toBe(true);
      }
    }
  });

  it('has every contract module in the call list under its own name', () => {
    expect(Object.keys(contract).sort()).toEqual(Object.keys(modules).sort());
    for (const [name, calls] of Object.entries(contract)) {
      expect(calls, name).toBe(modules[name]?.calls);
    }
  });

  it('never declares the same path twice for one method', () => {
    const labels = allCalls.map(label);
    expect(labels.filter((name, index) => labels.indexOf(name) !== index)).toEqual([]);
  });

  it('writes paths without a leading slash, query string or trailing slash', () => {
    for (const call of allCalls) {
      expect(call.path, label(call)).toMatch(/^[a-z][a-z0-9-]*(?:\/(?:[a-z][a-z0-9-]*|:[a-zA-Z_]+))*$/);
    }
  });

  it('gives every path parameter a params schema, and every params key a place in the path', () => {
    for (const call of allCalls) {
      const names = [...call.path.matchAll(/:([a-zA-Z_]+)/g)].map((match) => match[1]);
      const shape = (call.params as z.ZodObject | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), label(call)).toEqual(names.sort());
    }
  });

  it('sends bodies only with POST, and describes the text fields of every upload', () => {
    for (const call of allCalls) {
      if (call.method === 'GET') expect(call.body, label(call)).toBeUndefined();
      if (call.multipart) expect(call.body, label(call)).toBeDefined();
    }
  });

  it('lets only login, refresh, the website’s calls, and the signed payment webhook go without a token', () => {
    expect(
      allCalls
        .filter((call) => call.auth === false && !call.path.startsWith('site/'))
        .map(label)
        .sort(),
    ).toEqual([
      'POST analytics/collect',
      'POST auth/login',
      'POST auth/refresh',
      'POST payments/webhook',
      'POST responses/submit',
    ]);
  });

  it('keeps every answer free of one-way transforms, so the server can encode it', () => {
    const offenders = allCalls.flatMap((call) =>
      oneWayTransforms(call.response).map((where) => `${label(call)} ${where}`),
    );
    expect(offenders).toEqual([]);
  });

  it('converts every schema to JSON Schema, as the OpenAPI document needs', () => {
    for (const call of allCalls) {
      for (const part of [call.params, call.query, call.body]) {
        if (part) expect(() => z.toJSONSchema(part, { io: 'input' }), label(call)).not.toThrow();
      }
      expect(() => z.toJSONSchema(call.response, { io: 'output' }), label(call)).not.toThrow();
    }
  });

  it('would catch a one-way transform in an answer', () => {
    // Form schemas hold transforms; the check above must see them if one slipped into an answer.
    expect(oneWayTransforms(settings.siteSettingsFields)).toContain('response.social.facebook');
  });
});

describe('the lifecycle areas', () => {
  const withBin = Object.entries(modules).filter(([, module]) => 'bin' in module);

  it('are the modules that export their bin calls, each under its own name', () => {
    expect(Object.keys(lifecycleAreas).sort()).toEqual(withBin.map(([name]) => name).sort());
    expect(Object.keys(lifecycleAreas)).toEqual(expect.arrayContaining(['users', 'brands', 'dealerships']));
  });

  it('name the calls their module lists: the list at the key, the bin calls under it', () => {
    for (const [name, module] of withBin) {
      const area = lifecycleAreas[name as keyof typeof lifecycleAreas];
      const calls = module.calls;
      expect(area.key, name).toBe(name);
      expect(area.list, name).toBe(calls.list);
      expect(area.remove, name).toBe(calls.delete);
      expect(area.restore, name).toBe(calls.restore);
      expect(area.sort, name).toBe(calls.sort ?? null);
      expect(label(area.list), name).toBe(`GET ${name}`);
      expect(label(area.remove), name).toBe(`POST ${name}/delete`);
      expect(label(area.restore), name).toBe(`POST ${name}/restore`);
    }
  });

  it('tell an area ordered by hand from one listed newest first', () => {
    expect(lifecycleAreas.users.sort).toBeNull();
    expect(lifecycleAreas.brands.sort).toBe(brands.brandsSort);
    expect(lifecycleAreas.dealerships.sort).toBe(dealerships.dealershipsSort);
  });
});

describe('api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has one function per call, each sending its method to its path', async () => {
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push(`${init.method} ${url}`);
        return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const functions = Object.values(api).flatMap((group) => Object.values(group)) as Array<
      (input: unknown) => Promise<unknown>
    >;
    for (const call of functions) await call({ params: { id: 7, handle: 7, slug: 7 } });
    const expected = allCalls.map((call) => `${call.method} /api/${call.path.replace(/:[a-z]+/, '7')}`);
    expect(sent.sort()).toEqual(expected.sort());
  });

  it('fills path parameters and query strings from the typed input', async () => {
    const fetchMock = vi.fn(async () => new Response('{"data":{}}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await api.brands.show({ params: { id: 12 } });
    await api.brands.list({ query: { search: 'ford', page: 2, perPage: -1 } });
    await api.pages.children({ query: { id: 5 } });
    const urls = fetchMock.mock.calls.map((args: unknown[]) => args[0]);
    expect(urls).toEqual([
      '/api/brands/show/12',
      '/api/brands?search=ford&page=2&perPage=-1',
      '/api/pages/children?id=5',
    ]);
  });
});

describe('the call table a build writes', () => {
  /** The module the plugin gives a build of the console, as the built script would hold it. */
  async function builtTable(): Promise<unknown> {
    const plugin = callTable();
    // The hooks are called as Vite calls them; only the fields they read are given.
    const hooks = plugin as unknown as {
      configResolved(config: { command: string }): void;
      resolveId(id: string): string;
      load(id: string): Promise<string>;
    };
    hooks.configResolved({ command: 'build' });
    const code = await hooks.load(hooks.resolveId(CALL_TABLE_MODULE));
    const json = /\nexport const callTable = unpackCallTable\((".*")\);$/s.exec(code)?.[1];
    if (!json || !code.includes('callTablePack.ts'))
      throw new Error(`unexpected module: ${code.slice(0, 80)}`);
    return unpackCallTable(JSON.parse(json) as string);
  }

  it('holds every call’s method, path, sign-in flag and permission, by area and name, and nothing else', async () => {
    const table = (await builtTable()) as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(contract).sort());
    for (const [area, calls] of Object.entries(contract)) {
      expect(Object.keys(table[area] ?? {}).sort()).toEqual(Object.keys(calls).sort());
      for (const [name, call] of Object.entries(calls as Record<string, CallDef>)) {
        const route = {
          method: call.method,
          path: call.path,
          ...(call.auth === false ? { auth: false } : {}),
          permission: permissionOf(call),
        };
        expect(table[area]?.[name]).toEqual(route);
      }
    }
    expect(table.auth?.login).toEqual({
      method: 'POST',
      path: 'auth/login',
      auth: false,
      permission: 'public',
    });
    expect(table.users?.delete?.permission).toEqual({ area: 'users', action: 'delete' });
  });
}, 30_000);

describe('paginator', () => {
  const laravelPage = {
    current_page: 2,
    data: [{ id: 26, name: 'Kia' }],
    first_page_url: 'http://localhost/api/brands?page=1',
    from: 26,
    last_page: 3,
    last_page_url: 'http://localhost/api/brands?page=3',
    links: [
      { url: 'http://localhost/api/brands?page=1', label: '&laquo; Previous', active: false },
      { url: 'http://localhost/api/brands?page=1', label: '1', active: false },
      { url: 'http://localhost/api/brands?page=2', label: '2', active: true },
      { url: 'http://localhost/api/brands?page=3', label: '3', active: false },
      { url: 'http://localhost/api/brands?page=3', label: 'Next &raquo;', active: false },
    ],
    next_page_url: 'http://localhost/api/brands?page=3',
    path: 'http://localhost/api/brands',
    per_page: 25,
    prev_page_url: 'http://localhost/api/brands?page=1',
    to: 26,
    total: 51,
  };
  const page = paginator(dealerships.vehicleDealer);

  it('reads a page as Laravel sends it, its links included', () => {
    const parsed = page.parse(laravelPage);
    expect(parsed.data).toEqual([{ id: 26, name: 'Kia' }]);
    expect(parsed.next_page_url).toBe('http://localhost/api/brands?page=3');
    expect(parsed.links).toEqual(laravelPage.links);
  });

  it('reads the first and only page, whose links to other pages are null', () => {
    const only = { ...laravelPage, current_page: 1, last_page: 1, prev_page_url: null, next_page_url: null };
    expect(page.parse(only).prev_page_url).toBeNull();
  });

  it('refuses a page without its total or with rows of the wrong shape', () => {
    const { total: _total, ...withoutTotal } = laravelPage;
    expect(dottedKeys(page.safeParse(withoutTotal))).toEqual(['total']);
    expect(dottedKeys(page.safeParse({ ...laravelPage, data: [{ id: 'x', name: 'Kia' }] }))).toEqual([
      'data.0.id',
    ]);
  });
});

describe('settings form', () => {
  const valid = {
    site_name: 'Northway Motor Group',
    social: {
      facebook: 'https://www.facebook.com/northway',
      twitter: '',
      instagram: 'https://instagram.com/northway',
    },
    evolution: { id: 'northway-finance', password: 'QUOTEE-1234' },
    hpi: { customer_code: '0042', password: 'secret', initials: 'NMG' },
    cap: { valuation_margin: '10' },
    voucher: { code: 'RESERVE', value: '99' },
  };

  it('accepts a realistic form and reads blanks as null and numbers as numbers', () => {
    const parsed = settings.siteSettingsFields.parse(valid);
    expect(parsed.social.twitter).toBeNull();
    expect(parsed.cap.valuation_margin).toBe(10);
    expect(parsed.voucher.value).toBe(99);
  });

  it('gives a valuation margin of 100 when none is entered', () => {
    expect(settings.siteSettingsFields.parse({ site_name: 'Northway' }).cap.valuation_margin).toBe(100);
  });

  it('keys a bad Facebook address by its dotted path', () => {
    const result = settings.siteSettingsFields.safeParse({
      ...valid,
      social: { ...valid.social, facebook: 'facebook/northway' },
    });
    expect(issuesOf(result)).toEqual([
      { path: ['social', 'facebook'], message: 'Enter a full web address, starting with https://.' },
    ]);
  });

  it('refuses addresses that are not web pages', () => {
    const result = settings.siteSettingsFields.safeParse({
      ...valid,
      social: { ...valid.social, instagram: 'javascript:alert(1)' },
    });
    expect(dottedKeys(result)).toEqual(['social.instagram']);
  });

  it('keys a missing site name, an out-of-range margin and a negative voucher by field', () => {
    const result = settings.siteSettingsFields.safeParse({
      ...valid,
      site_name: '  ',
      cap: { valuation_margin: '150' },
      voucher: { code: 'X', value: '-1' },
    });
    expect(issuesOf(result)).toEqual([
      { path: ['site_name'], message: 'Enter a site name.' },
      { path: ['cap', 'valuation_margin'], message: 'Enter a percentage between 0 and 100.' },
      { path: ['voucher', 'value'], message: 'Enter a price of 0 or more.' },
    ]);
  });
});

describe('brand form', () => {
  const valid = {
    name: 'Kia',
    slug: 'kia',
    live: 'on',
    is_fake: false,
    manufacturer_id: '27',
    lcv_manufacturer_id: '',
    logo: '27',
  };

  it('accepts a realistic form and reads a blank manufacturer as none (0)', () => {
    expect(brands.brandFields.parse(valid)).toEqual({
      name: 'Kia',
      slug: 'kia',
      live: true,
      is_fake: false,
      manufacturer_id: 27,
      lcv_manufacturer_id: 0,
      logo: 27,
    });
  });

  it('refuses a missing name, a slug with spaces and a stored path for a logo', () => {
    const result = brands.brandFields.safeParse({
      ...valid,
      name: '',
      slug: 'Kia Motors',
      logo: '/storage/logo/..',
    });
    expect(issuesOf(result)).toEqual([
      { path: ['name'], message: 'Enter a name.' },
      { path: ['slug'], message: 'Use lowercase letters, numbers and hyphens only.' },
      { path: ['logo'], message: 'Pick an image from the library.' },
    ]);
  });

  it('carries the updated_at the editor loaded on update', () => {
    const parsed = brands.brandUpdateSchema.parse({ ...valid, updated_at: '2024-05-01T10:00:00.000Z' });
    expect(parsed.updated_at).toBe('2024-05-01T10:00:00.000Z');
  });

  it('asks for Car or LCV manufacturers only', () => {
    expect(brands.manufacturersList.query.safeParse({ type: 'LCV' }).success).toBe(true);
    expect(issuesOf(brands.manufacturersList.query.safeParse({ type: 'Van' }))).toEqual([
      { path: ['type'], message: 'Choose Car or LCV.' },
    ]);
  });
});

describe('dealership form', () => {
  const valid = {
    name: 'Northway Kia Leeds',
    slug: 'northway-kia-leeds',
    copy: 'Our **Leeds** showroom.',
    live: true,
    brand_id: '3',
    vehicles_dealer_id: '',
    published_at: '2024-03-01 09:00:00',
    banner_img: ['12'],
    dealer_img: [],
    email: ' leeds@northway.example ',
    telephone: '0113 496 0000',
    address: {
      address_line_1: '1 Kirkstall Road',
      address_line_2: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS3 1AA',
      lat: '53.8008',
      lng: '-1.5491',
    },
    opening_times: [
      {
        department: 'Sales',
        days: {
          monday: '9:00 - 18:00',
          tuesday: '9:00 - 18:00',
          wednesday: '9:00 - 18:00',
          thursday: '9:00 - 18:00',
          friday: '9:00 - 18:00',
          saturday: '9:00 - 17:00',
          sunday: 'Closed',
        },
      },
    ],
    team: [{ name: 'Sam Patel', content: 'Sales manager', image: ['7'] }],
    quotee_uid: '',
    pinnacle_enquiry_id: '1001',
    pinnacle_used_enquiry_id: '1002',
  };

  it('accepts a realistic form, trimming the e-mail and reading coordinates as numbers', () => {
    const parsed = dealerships.dealershipFields.parse(valid);
    expect(parsed.email).toBe('leeds@northway.example');
    expect(parsed.address.lat).toBeCloseTo(53.8008);
    expect(parsed.brand_id).toBe(3);
    expect(parsed.vehicles_dealer_id).toBeNull();
    expect(parsed.published_at).toBe('2024-03-01T09:00:00');
    expect(parsed.quotee_uid).toBeNull();
  });

  it('keys nested errors by dotted path: address, opening times and team', () => {
    const result = dealerships.dealershipFields.safeParse({
      ...valid,
      address: { ...valid.address, city: '', lat: 'north' },
      opening_times: [{ ...valid.opening_times[0], department: '' }],
      team: [{ name: 'Sam', image: [7, 8] }],
    });
    expect(issuesOf(result)).toEqual([
      { path: ['address', 'city'], message: 'Enter a city.' },
      { path: ['address', 'lat'], message: 'Enter the latitude.' },
      { path: ['opening_times', 0, 'department'], message: 'Enter a department.' },
      { path: ['team', 0, 'image'], message: 'Use at most 1 team image.' },
    ]);
  });

  it('requires the contact details, opening times and both Pinnacle ids', () => {
    const result = dealerships.dealershipFields.safeParse({ name: 'Leeds', slug: 'leeds', live: false });
    expect(dottedKeys(result)).toEqual([
      'email',
      'telephone',
      'address.address_line_1',
      'address.city',
      'address.county',
      'address.postcode',
      'address.lat',
      'address.lng',
      'opening_times',
      'pinnacle_enquiry_id',
      'pinnacle_used_enquiry_id',
    ]);
  });

  it('allows one banner image at most', () => {
    const result = dealerships.dealershipFields.safeParse({
      ...valid,
      banner_img: [12, 13],
    });
    expect(issuesOf(result)).toEqual([{ path: ['banner_img'], message: 'Use at most 1 banner image.' }]);
  });
});

describe('page builder form', () => {
  const valid = {
    name: 'New Kia Sportage',
    slug: 'new-cars/kia-sportage',
    brand_id: 3,
    meta: { title: 'New Kia Sportage', description: 'Offers on the new Kia Sportage.' },
    published: '1',
    published_at: '2024-06-01T08:30',
    items: [
      {
        index: 'hero',
        name: 'Hero',
        hideable: { item: true, sections: ['buttons'] },
        hidden: false,
        sections: {
          content: {
            fields: {
              title: 'The new Sportage',
              image: [{ path: '/storage/builder/9f.jpg', name: 'car.jpg' }],
            },
          },
          buttons: { hidden: true, entries: [{ opened: true, fields: { label: 'Book a test drive' } }] },
        },
      },
    ],
  };

  it('accepts a realistic page and fills the spec defaults', () => {
    const parsed = pages.pageFields.parse(valid);
    expect(parsed).toMatchObject({ published: 1, locked: 0, sort_by: 'sort_order', sort_by_mode: 'asc' });
    expect(parsed.items[0]?.sections.content?.entries).toEqual([]);
  });

  it('asks for a publish date when published is Yes', () => {
    const result = pages.pageFields.safeParse({ ...valid, published_at: '' });
    expect(issuesOf(result)).toEqual([{ path: ['published_at'], message: 'Enter a publish date.' }]);
  });

  it('shows the publish date error together with the other field errors', () => {
    const result = pages.pageFields.safeParse({ ...valid, name: '', published_at: null });
    expect(dottedKeys(result)).toEqual(['name', 'published_at']);
  });

  it('drops the publish date when published is No', () => {
    expect(pages.pageFields.parse({ ...valid, published: 0 }).published_at).toBeNull();
    expect(pages.pageFields.parse({ ...valid, published: '0', published_at: '' }).published_at).toBeNull();
  });

  it('requires the brand and both meta fields', () => {
    const result = pages.pageFields.safeParse({ ...valid, brand_id: '', meta: undefined });
    expect(issuesOf(result)).toEqual([
      { path: ['meta', 'title'], message: 'Enter a meta title.' },
      { path: ['meta', 'description'], message: 'Enter a meta description.' },
      { path: ['brand_id'], message: 'Choose a brand.' },
    ]);
  });

  it('refuses a block file stored outside /storage', () => {
    const item = valid.items[0]!;
    const result = pages.pageFields.safeParse({
      ...valid,
      items: [
        { ...item, sections: { content: { fields: { image: [{ path: '/etc/passwd', name: 'x' }] } } } },
      ],
    });
    expect(dottedKeys(result)[0]).toMatch(/^items\.0\.sections\.content\.fields\.image/);
  });

  it('accepts the homepage slug and refuses upper case', () => {
    expect(pages.pageFields.safeParse({ ...valid, slug: '/' }).success).toBe(true);
    expect(dottedKeys(pages.pageFields.safeParse({ ...valid, slug: 'New-Cars' }))).toEqual(['slug']);
  });

  it('sorts with 1-based indexes, at least one page, each page once', () => {
    const body = pages.pagesSort.body;
    expect(
      body.safeParse({
        data: [
          { id: 4, index: 1 },
          { id: 9, index: 2 },
        ],
      }).success,
    ).toBe(true);
    expect(issuesOf(body.safeParse({ data: [] }))).toEqual([
      { path: ['data'], message: 'Select at least one page.' },
    ]);
    expect(issuesOf(body.safeParse({ data: [{ id: 4, index: 0 }] }))).toEqual([
      { path: ['data', 0, 'index'], message: 'Indexes start at 1.' },
    ]);
    expect(
      issuesOf(
        body.safeParse({
          data: [
            { id: 4, index: 1 },
            { id: 4, index: 2 },
          ],
        }),
      ),
    ).toEqual([{ path: ['data'], message: 'Each page may appear only once.' }]);
  });

  it('duplicates with children and without publishing them unless asked', () => {
    expect(pages.pageDuplicateFields.parse({ name: 'Copy of Sportage' })).toEqual({
      name: 'Copy of Sportage',
      children: true,
      publish_children: false,
    });
  });
});

describe('form builder form', () => {
  const valid = {
    name: 'Test drive',
    handle: 'test-drive',
    meta: { title: 'Book a test drive', description: 'Choose a car and a time.' },
    published: 0,
    emails: {
      subject: 'New test drive request',
      email_title: 'Test drive',
      email_body: 'A customer asked for a test drive.',
      email_lists: 'sales@northway.example, leads@northway.example',
    },
    thank_you: { description: 'We will call you within a day.' },
  };

  it('accepts a realistic form with the spec defaults and a comma-separated list of addresses', () => {
    const parsed = forms.formFields.parse(valid);
    expect(parsed.emails).toMatchObject({
      send_email: 1,
      email_type: 'emails',
      email_lists: ['sales@northway.example', 'leads@northway.example'],
    });
    expect(parsed.thank_you.title).toBe('Thank you');
  });

  it('keys a bad address in the e-mail list by its position', () => {
    const result = forms.formFields.safeParse({
      ...valid,
      emails: { ...valid.emails, email_lists: ['sales@northway.example', 'leads'] },
    });
    expect(issuesOf(result)).toEqual([
      { path: ['emails', 'email_lists', 1], message: 'Enter a valid e-mail address.' },
    ]);
  });

  it('requires the e-mail and thank-you texts', () => {
    const result = forms.formFields.safeParse({ ...valid, emails: { email_lists: [] }, thank_you: {} });
    expect(dottedKeys(result)).toEqual([
      'emails.subject',
      'emails.email_title',
      'emails.email_body',
      'emails.email_lists',
      'thank_you.description',
    ]);
  });
});

describe('other forms', () => {
  it('checks the import form: confirmation e-mail, provider and one file', () => {
    expect(
      builder.importFormSchema.safeParse({
        email: 'me@northway.example',
        provider: 'pages',
        import: 'pages.xlsx',
      }).success,
    ).toBe(true);
    expect(issuesOf(builder.importFormSchema.safeParse({ email: 'me', provider: '' }))).toEqual([
      { path: ['email'], message: 'Enter a valid e-mail address.' },
      { path: ['provider'], message: 'Choose a provider.' },
      { path: ['import'], message: 'Choose a file to import.' },
    ]);
  });

  it('checks both dashboard ranges', () => {
    const range = analytics.analyticsRangeFields;
    expect(range.safeParse({ start: '2024-01-01', end: '2024-01-31' }).success).toBe(true);
    expect(issuesOf(range.safeParse({ start: '2024-02-01', end: '2024-01-31' }))).toEqual([
      { path: ['end'], message: 'End on or after the start date.' },
    ]);
    expect(
      dottedKeys(range.safeParse({ start: '2024-01-01', end: '2024-01-31', comparison_start: '2023-01-01' })),
    ).toEqual(['comparison_end']);
    expect(dottedKeys(range.safeParse({ start: '2024-02-30', end: '2024-03-01' }))).toEqual(['start']);
  });

  it('exports responses of a known form to an e-mail address', () => {
    expect(
      responses.responseExportFields.safeParse({ name: 'test-drive', email: 'me@northway.example' }).success,
    ).toBe(true);
    expect(dottedKeys(responses.responseExportFields.safeParse({ name: 'everything', email: 'x' }))).toEqual([
      'name',
      'email',
    ]);
  });

  it('exports vehicles under the name vehicles', () => {
    expect(vehicles.vehicleExportFields.parse({ email: 'me@northway.example' })).toEqual({
      name: 'vehicles',
      email: 'me@northway.example',
    });
  });

  it('bounds bulk selections and says what to select', () => {
    const list = idList('brand');
    expect(issuesOf(list.safeParse([]))).toEqual([{ path: [], message: 'Select at least one brand.' }]);
    expect(list.safeParse(Array.from({ length: 1001 }, (_, i) => i + 1)).success).toBe(false);
    expect(list.safeParse([0]).success).toBe(false);
    expect(brands.brandsDelete.body.safeParse({ brands: [1, 2], type: 'trashed' }).success).toBe(true);
  });

  it('saves a template with its blocks and the locks off by default', () => {
    expect(
      templates.templateFields.parse({ name: 'Model page', items: [{ index: 'hero', name: 'Hero' }] }),
    ).toEqual({
      name: 'Model page',
      items: [
        { index: 'hero', name: 'Hero', hideable: { item: false, sections: [] }, hidden: false, sections: {} },
      ],
      locked: 0,
      lock_pages: 0,
      is_allowed_children: 0,
    });
  });
});

describe('form schemas read their own output', () => {
  // The console sends what its form parsed; the server parses it again and must get the same values.
  const cases: Array<[string, z.ZodType, unknown]> = [
    ['settings', settings.siteSettingsFields, { site_name: 'Northway', social: { facebook: '' }, cap: {} }],
    ['brand', brands.brandFields, { name: 'Kia', slug: 'kia', manufacturer_id: '', logo: '' }],
    [
      'dealership',
      dealerships.dealershipFields,
      {
        name: 'Leeds',
        slug: 'leeds',
        live: 'on',
        brand_id: '',
        email: 'leeds@northway.example',
        telephone: '0113 496 0000',
        address: {
          address_line_1: '1 Road',
          city: 'Leeds',
          county: 'West Yorkshire',
          postcode: 'LS3 1AA',
          lat: '53.8',
          lng: '-1.5',
        },
        opening_times: [{ department: 'Sales', days: { monday: '9 - 5' } }],
        pinnacle_enquiry_id: '1',
        pinnacle_used_enquiry_id: '2',
      },
    ],
    [
      'page',
      pages.pageFields,
      {
        name: 'Home',
        slug: '/',
        brand_id: '1',
        meta: { title: 'Home', description: 'Welcome' },
        published: '0',
      },
    ],
    [
      'form',
      forms.formFields,
      {
        name: 'Newsletter',
        handle: 'newsletter',
        meta: { title: 'Newsletter', description: 'Sign up' },
        emails: { subject: 'S', email_title: 'T', email_body: 'B', email_lists: 'a@b.example' },
        thank_you: { description: 'Thanks' },
      },
    ],
  ];

  it.each(cases)('gives the same %s values when parsed twice', (_name, schema, input) => {
    const once = schema.parse(input);
    expect(schema.parse(once)).toEqual(once);
  });
});
