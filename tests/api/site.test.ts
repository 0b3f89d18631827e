import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { media } from '@server/db/schema/media';
import { pages } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInput, files, hero, richText } from './blocks';
import { createTestServer, type TestServer } from './harness';
import { pageData, post, store, type TreeClient } from './pages-tree';

const SITE_ORIGIN = 'https://cars.example';
const PUBLIC_URL = 'https://console.example';

let c: TreeClient;
let server: TestServer;
/** A library item as an upload stores it (its bytes are not needed to answer it). */
const libraryImage = (name: string, hash: string) => ({
  name,
  mime: 'image/jpeg',
  size: 1000,
  width: 1600,
  height: 900,
  sha256: hash.repeat(64),
  storageKey: `media/${hash.repeat(64)}`,
});
let banner = 0;

beforeAll(async () => {
  server = await createTestServer({ SITE_ORIGINS: `${SITE_ORIGIN}, https://www.cars.example`, PUBLIC_URL });
  const token = await server.login();
  const [logo] = await server.database.db
    .insert(media)
    .values({ ...libraryImage('kia logo.png', 'a'), alt: 'Kia' })
    .returning({ id: media.id });
  banner = (
    await server.database.db.insert(media).values(libraryImage('leeds.jpg', 'b')).returning({ id: media.id })
  )[0]!.id;
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name: 'Kia', slug: 'kia', live: true, meta: { logo_id: logo!.id }, sortOrder: 1 })
    .returning({ id: brands.id });
  c = { server, token, brandId: brand!.id };
});
afterAll(() => server.close());

/** A public call: no token, as a website makes it. */
const site = (url: string, headers: Record<string, string> = {}) => server.call('GET', url, { headers });

const PUBLISHED = { published: 1, published_at: '2025-01-01T09:00' };

async function publishedPage(
  name: string,
  parent: number | null = null,
  extra: Record<string, unknown> = {},
) {
  return store(c, name, parent, { ...PUBLISHED, ...extra });
}

async function update(id: number, name: string, extra: Record<string, unknown>) {
  const shown = await server.call('GET', `/api/pages/edit?id=${id}`, { token: c.token });
  const res = await post(c, '/api/pages/update', {
    id,
    data: pageData(c, name, { ...PUBLISHED, ...extra }),
    updated_at: shown.json().data.updated_at,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('site/pages', () => {
  it('answers a published page by its full path with its visible blocks only', async () => {
    const cars = await publishedPage('Used Cars');
    const kia = await publishedPage('Kia', cars);
    const hiddenBlock = { ...richText('Secret draft'), hidden: true };
    await update(kia, 'Kia', {
      items: [hero(), richText('**Great** cars'), hiddenBlock],
      meta: { title: 'Used Kia cars', description: 'Approved used Kia cars' },
    });

    const res = await site('/api/site/pages?path=/used-cars/kia');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({
      name: 'Kia',
      path: '/used-cars/kia',
      meta: { title: 'Used Kia cars', description: 'Approved used Kia cars' },
      brand: {
        name: 'Kia',
        slug: 'kia',
        logo: expect.objectContaining({ url: `${PUBLIC_URL}/storage/media/${'a'.repeat(64)}`, alt: 'Kia' }),
        logo_url: `${PUBLIC_URL}/storage/media/${'a'.repeat(64)}`,
      },
      breadcrumbs: [{ name: 'Used Cars', path: '/used-cars' }],
    });
    expect(page.blocks.map((b: { index: string }) => b.index)).toEqual(['hero', 'rich_text']);
    // The hero's hidden button section is left out; its slide's image has an absolute address.
    expect(Object.keys(page.blocks[0].sections).sort()).toEqual(['content', 'slides']);
    expect(page.blocks[0].sections.slides.entries[0].image).toEqual([
      { url: `${PUBLIC_URL}${files(1)[0]!.path}`, name: files(1)[0]!.name },
    ]);
    expect(page.blocks[1].sections.content.fields.body).toBe('**Great** cars');
    // No editor bookkeeping, and nothing of the hidden block.
    expect(res.body).not.toMatch(/"opened"|"hideable"|"hidden"|Secret draft/);
    // A trailing slash names the same page.
    expect((await site('/api/site/pages?path=/used-cars/kia/')).json().path).toBe('/used-cars/kia');
  });

  it('answers 404 for an unknown page, an unpublished one, one scheduled later, and one under an unpublished parent', async () => {
    const draftParent = await store(c, 'Draft Folder');
    await publishedPage('Published Child', draftParent);
    await store(c, 'Unpublished Page');
    await store(c, 'Scheduled Page', null, { published: 1, published_at: '2099-01-01T09:00' });
    for (const path of [
      '/nowhere',
      '/unpublished-page',
      '/scheduled-page',
      '/draft-folder/published-child',
    ]) {
      const res = await site(`/api/site/pages?path=${encodeURIComponent(path)}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe('There is no published page at that address.');
    }
  });

  it('lists published children in the page’s own order', async () => {
    const news = await publishedPage('Site News', null, { sort_by: 'published_at', sort_by_mode: 'desc' });
    await publishedPage('Old story', news, { published_at: '2024-01-01T10:00' });
    await publishedPage('Recent story', news, { published_at: '2025-06-01T10:00' });
    await store(c, 'Draft story', news);
    const res = await site('/api/site/pages?path=/site-news');
    expect(res.json().children.map((p: { name: string }) => p.name)).toEqual(['Recent story', 'Old story']);
    expect(res.json().children[0].path).toBe('/site-news/recent-story');
  });

  it('answers a strong ETag that a save, publish toggle, move, sort and delete change at once, and 304 for a current one', async () => {
    const parent = await publishedPage('Etag Folder');
    const a = await publishedPage('Etag A', parent);
    const b = await publishedPage('Etag B', parent);
    const url = '/api/site/pages?path=/etag-folder';
    const first = await site(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The same bytes again while nothing changed: the validator is the answer's own.
    const repeat = await site(url);
    expect(repeat.body).toBe(first.body);
    expect(repeat.headers.etag).toBe(etag);

    const again = await site(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const changes: [string, () => Promise<unknown>][] = [
      ['a save', () => update(parent, 'Etag Folder', { meta: { title: 'Changed', description: 'Now' } })],
      ['a sort', () => post(c, '/api/pages/sort', { data: [{ id: b, index: 1 }] })],
      ['a publish toggle', () => post(c, '/api/pages/publishable', { id: a })],
      ['a move', () => post(c, '/api/pages/move', { id: b, parent: null })],
    ];
    let current = etag;
    for (const [what, change] of changes) {
      await change();
      const res = await site(url, { 'if-none-match': current });
      expect(res.statusCode, what).toBe(200);
      expect(res.headers.etag, what).not.toBe(current);
      current = res.headers.etag as string;
    }
    expect((await site(url)).json().children).toEqual([]);
    const moved = await site('/api/site/pages?path=/etag-b');
    expect(moved.statusCode).toBe(200);
    expect((await post(c, '/api/pages/delete', { id: b })).statusCode).toBe(200);
    expect(
      (await site('/api/site/pages?path=/etag-b', { 'if-none-match': moved.headers.etag as string }))
        .statusCode,
    ).toBe(404);
  });

  it('answers a change made by any writer, even straight in the database, at its next request', async () => {
    const id = await publishedPage('Direct Write');
    const url = '/api/site/pages?path=/direct-write';
    const first = await site(url);
    expect((await site(url, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    // Another process (or a job) writes: no request of this server saw it happen.
    await server.database.db.update(pages).set({ name: 'Written Elsewhere' }).where(eq(pages.id, id));
    const after = await site(url, { 'if-none-match': first.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe('Written Elsewhere');
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });

  it('keeps serving the answer a rolled-back write would have changed', async () => {
    const id = await publishedPage('Rolled Back');
    const url = '/api/site/pages?path=/rolled-back';
    const first = await site(url);
    await expect(
      server.database.db.transaction(async (tx) => {
        await tx.update(pages).set({ name: 'Never Seen' }).where(eq(pages.id, id));
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    const again = await site(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('serves a scheduled page from its publication time, with no write to announce it', async () => {
    const parent = await publishedPage('Soon Folder');
    const soon = await store(c, 'Soon Page', parent, { published: 1, published_at: '2099-01-01T09:00' });
    const folder = await site('/api/site/pages?path=/soon-folder');
    expect(folder.json().children).toEqual([]);
    expect((await site('/api/site/pages?path=/soon-folder/soon-page')).statusCode).toBe(404);
    // Its time comes a moment from now, set as a scheduler would have saved it.
    await server.database.db
      .update(pages)
      .set({ publishedAt: new Date(Date.now() + 5_000) })
      .where(eq(pages.id, soon));
    const waiting = await site('/api/site/pages?path=/soon-folder');
    expect(waiting.json().children).toEqual([]);
    await expect
      .poll(async () => (await site('/api/site/pages?path=/soon-folder/soon-page')).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
    const live = await site('/api/site/pages?path=/soon-folder', {
      'if-none-match': waiting.headers.etag as string,
    });
    expect(live.statusCode).toBe(200);
    expect(live.json().children.map((child: { name: string }) => child.name)).toEqual(['Soon Page']);
  });

  it('lists a long list of children a hundred at a time, saying where each page of them stands', async () => {
    const parent = await publishedPage('Long Folder');
    for (let i = 1; i <= 105; i++) await publishedPage(`Long Child ${String(i).padStart(3, '0')}`, parent);
    await store(c, 'Long Draft Child', parent);
    const first = await site('/api/site/pages?path=/long-folder');
    expect(first.json().children).toHaveLength(100);
    expect(first.json().children[0].name).toBe('Long Child 001');
    expect(first.json().children_meta).toEqual({ current_page: 1, last_page: 2, per_page: 100, total: 105 });
    const second = await site('/api/site/pages?path=/long-folder&children_page=2');
    expect(second.json().children.map((child: { name: string }) => child.name)).toEqual([
      'Long Child 101',
      'Long Child 102',
      'Long Child 103',
      'Long Child 104',
      'Long Child 105',
    ]);
    expect(second.json().children_meta.current_page).toBe(2);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    const html = await server.app.inject({ method: 'GET', url: '/site/long-folder?children_page=2' });
    expect(html.body).toContain('Long Child 105');
    expect(html.body).toContain('Page 2 of 2');
    expect(html.body).not.toContain('Long Child 001');
    for (const bad of ['0', 'two', '1.5']) {
      const res = await site(`/api/site/pages?path=/long-folder&children_page=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['children_page']);
    }
  });

  it('refuses a bad path with field errors', async () => {
    for (const query of ['', 'path=', 'path=used-cars', `path=/${'a'.repeat(2001)}`]) {
      const res = await site(`/api/site/pages?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['path']);
    }
  });
});

describe('site/navigation', () => {
  it('answers the published tree to the depth asked, without drafts', async () => {
    const top = await publishedPage('Nav Top');
    const child = await publishedPage('Nav Child', top);
    await publishedPage('Nav Grandchild', child);
    await store(c, 'Nav Draft', top);
    const res = await site('/api/site/navigation?depth=2');
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().data.find((e: { name: string }) => e.name === 'Nav Top');
    expect(entry).toEqual({
      name: 'Nav Top',
      path: '/nav-top',
      children: [{ name: 'Nav Child', path: '/nav-top/nav-child', children: [] }],
    });
    const deeper = await site('/api/site/navigation?depth=3');
    const deep = deeper.json().data.find((e: { name: string }) => e.name === 'Nav Top');
    expect(deep.children[0].children).toEqual([
      { name: 'Nav Grandchild', path: '/nav-top/nav-child/nav-grandchild', children: [] },
    ]);
    for (const depth of ['0', '9', 'two']) {
      const bad = await site(`/api/site/navigation?depth=${depth}`);
      expect(bad.statusCode, depth).toBe(422);
      expect(bad.json().errors.depth).toEqual(['Give a depth from 1 to 4.']);
    }
  });
});

describe('site/forms', () => {
  it('answers a published form’s questions exactly as the submission checks them', async () => {
    const stored = await post(c, '/api/forms/store', {
      parent: null,
      data: {
        name: 'Site Test Drive',
        handle: 'ignored',
        meta: { title: 'Test drive', description: 'Book one' },
        ...PUBLISHED,
        emails: {
          subject: 'Enquiry',
          email_title: 'Enquiry',
          email_body: 'New',
          email_lists: 'a@example.com',
        },
        thank_you: { title: 'Thanks!', description: 'We will call you.' },
        items: [
          emailInput('1'),
          {
            index: 'input_select',
            name: 'Model',
            sections: {
              settings: { fields: { label: 'Model', required: '0', help: 'Pick one' } },
              options: { entries: [{ fields: { label: 'Sportage', value: 'sportage' } }] },
            },
          },
          { ...emailInput('0'), hidden: true },
        ],
      },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const handle = stored.json().handle as string;
    const res = await site(`/api/site/forms/${handle}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      handle,
      name: 'Site Test Drive',
      thank_you: { title: 'Thanks!', description: 'We will call you.' },
      questions: [
        {
          name: 'your_e_mail',
          label: 'Your e-mail',
          type: 'email',
          required: true,
          options: [],
          help: '',
          placeholder: '',
          earliest: null,
          latest: null,
        },
        {
          name: 'model',
          label: 'Model',
          type: 'select',
          required: false,
          options: [{ value: 'sportage', label: 'Sportage' }],
          help: 'Pick one',
          placeholder: '',
          earliest: null,
          latest: null,
        },
      ],
    });
    // What the form answers is what the submission accepts.
    const submitted = await server.call('POST', '/api/responses/submit', {
      body: { handle, fields: { your_e_mail: 'visitor@example.com', model: 'sportage' } },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await site('/api/site/forms/no-such-form')).statusCode).toBe(404);
    // An absurd handle is refused before any lookup (Fastify limits a path parameter to 100 characters).
    expect((await site(`/api/site/forms/${'x'.repeat(300)}`)).statusCode).toBe(414);
  });
});

describe('site brands, dealerships and settings', () => {
  it('answers live brands and dealerships only, with what a locator needs', async () => {
    const db = server.database.db;
    await db.insert(brands).values({ name: 'Hidden Brand', slug: 'hidden-brand', live: false, sortOrder: 2 });
    const base = {
      email: 'leeds@example.com',
      telephone: '0113 000 0000',
      address: {
        address_line_1: '1 Kirkstall Road',
        address_line_2: null,
        city: 'Leeds',
        postcode: 'LS3 1AA',
        county: 'West Yorkshire',
        lat: 53.8,
        lng: -1.57,
      },
      openingTimes: [
        {
          department: 'Sales',
          days: {
            monday: '9:00 - 17:30',
            tuesday: '9:00 - 17:30',
            wednesday: '9:00 - 17:30',
            thursday: '9:00 - 17:30',
            friday: '9:00 - 17:30',
            saturday: '9:00 - 16:00',
            sunday: 'Closed',
          },
        },
      ],
      pinnacleEnquiryId: 'x',
      pinnacleUsedEnquiryId: 'y',
      images: { banner_img: [banner], dealer_img: [] },
      team: [{ name: 'Sam Patel', content: 'Sales manager', image: [] }],
    };
    await db.insert(dealerships).values([
      {
        ...base,
        name: 'Kia Leeds',
        slug: 'kia-leeds',
        brandId: c.brandId,
        publishedAt: new Date(),
        sortOrder: 1,
      },
      {
        ...base,
        name: 'Closed Site',
        slug: 'closed-site',
        brandId: c.brandId,
        publishedAt: null,
        sortOrder: 2,
      },
    ]);

    const brandList = await site('/api/site/brands');
    expect(brandList.json().data.map((b: { slug: string }) => b.slug)).toEqual(['kia']);

    const list = await site('/api/site/dealerships?brand=kia');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((d: { slug: string }) => d.slug)).toEqual(['kia-leeds']);
    expect(list.json().data[0]).toMatchObject({
      telephone: '0113 000 0000',
      address: { city: 'Leeds', lat: 53.8, lng: -1.57 },
      opening_times: [{ department: 'Sales', days: { sunday: 'Closed' } }],
    });
    expect((await site('/api/site/dealerships?brand=hidden-brand')).json().data).toEqual([]);

    const one = await site('/api/site/dealerships/kia-leeds');
    expect(one.json()).toMatchObject({
      name: 'Kia Leeds',
      banner_urls: [`${PUBLIC_URL}/storage/media/${'b'.repeat(64)}`],
      banners: [expect.objectContaining({ name: 'leeds.jpg', width: 1600, height: 900 })],
      team: [{ name: 'Sam Patel', content: 'Sales manager', image_url: null }],
    });
    expect(one.body).not.toMatch(/pinnacle|quotee/i);
    expect((await site('/api/site/dealerships/closed-site')).statusCode).toBe(404);
    await db.update(dealerships).set({ deletedAt: new Date() }).where(eq(dealerships.slug, 'kia-leeds'));
    expect((await site('/api/site/dealerships/kia-leeds')).statusCode).toBe(404);
  });

  it('never serves a finance, history-check or voucher value through any site call', async () => {
    const shown = await server.call('GET', '/api/settings', { token: c.token });
    const secrets = {
      evolution: { id: 'EVO-SECRET-ID', password: 'EVO-SECRET-PASS' },
      hpi: { customer_code: 'HPI-SECRET-CODE', password: 'HPI-SECRET-PASS', initials: 'HPX' },
      voucher: { code: 'VOUCHER-SECRET', value: 12345 },
    };
    const saved = await post(c, '/api/settings/update', {
      site_name: 'Northern Motor Group',
      social: { facebook: 'https://facebook.com/northern', twitter: null, instagram: null },
      cap: { valuation_margin: 7 },
      ...secrets,
      updated_at: shown.json().data.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await site('/api/site/settings');
    expect(settings.json()).toEqual({
      site_name: 'Northern Motor Group',
      social: { facebook: 'https://facebook.com/northern', twitter: null, instagram: null },
    });
    const everything = await Promise.all(
      [
        '/api/site/settings',
        '/api/site/navigation?depth=4',
        '/api/site/brands',
        '/api/site/dealerships',
        '/api/site/dealerships/kia-leeds',
        '/api/site/pages?path=/used-cars/kia',
      ].map((url) => site(url)),
    );
    for (const res of everything)
      expect(res.body).not.toMatch(/EVO-SECRET|HPI-SECRET|HPX|VOUCHER-SECRET|12345|valuation_margin/);
  });
});

describe('site CORS', () => {
  it('lets the listed origins read with GET, and no other', async () => {
    const allowed = await site('/api/site/brands', { origin: SITE_ORIGIN });
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    expect(allowed.headers['access-control-expose-headers']).toBe('ETag');
    expect(allowed.headers.vary).toMatch(/Origin/);
    const other = await site('/api/site/brands', { origin: 'https://evil.example' });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await server.call('OPTIONS', '/api/site/pages?path=/', {
      headers: { origin: SITE_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET');
    // The admin API gives no origin a way in.
    const admin = await server.call('GET', '/api/brands', {
      token: c.token,
      headers: { origin: SITE_ORIGIN },
    });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });
});
