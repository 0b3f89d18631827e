import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { media } from '@server/db/schema/media';
import { pages } from '@server/db/schema/pages';
import { settings } from '@server/db/schema/settings';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from './blocks';
import { createTestServer, databaseKind } from './harness';
import { PUBLISHED, post, store, type TreeClient, treeClientOn, updatePublished } from './pages-tree';

const SITE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

let c: TreeClient;
beforeAll(async () => {
  const server = await createTestServer({}, { seed: true });
  c = await treeClientOn(server, { name: 'Fresh Motors', slug: 'fresh-motors', live: true });
});
afterAll(() => c.server.close());

/** A visitor's browser asking for a page. */
const visit = (url: string, headers: Record<string, string> = {}) =>
  c.server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

/** The page as kept, then asked again with its ETag: 304 while nothing it shows has changed. */
async function kept(url: string) {
  const first = await visit(url);
  expect(first.statusCode, first.body).toBe(200);
  const etag = first.headers.etag as string;
  expect((await visit(url, { 'if-none-match': etag })).statusCode).toBe(304);
  return { body: first.body, etag };
}

/** The page asked with the ETag it had: it must come back whole, changed, under a new ETag. */
async function changed(url: string, before: { etag: string }) {
  const res = await visit(url, { 'if-none-match': before.etag });
  expect(res.statusCode).toBe(200);
  expect(res.headers.etag).not.toBe(before.etag);
  return res.body;
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe(`a kept site page shows every change to what it renders at the next request (${databaseKind})`, () => {
  it('answers If-None-Match lists, weak forms and * by RFC 9110’s weak comparison, with Vary and Cache-Control on the 304', async () => {
    const { etag } = await kept('/site/new-cars');
    for (const header of [`"other", ${etag}`, `W/${etag}`, `"a,b", W/"c", ${etag}`, '*', `${etag},`]) {
      const res = await visit('/site/new-cars', { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe(SITE_CACHE_CONTROL);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    for (const header of [
      '"other"',
      `W/"other", "${etag.slice(1, -1)}x"`,
      etag.slice(1, -1),
      `${etag} junk`,
    ]) {
      expect((await visit('/site/new-cars', { 'if-none-match': header })).statusCode, header).toBe(200);
    }
    // The gzip answer's ETag is not the brotli answer's: a cache holding one cannot revalidate the other.
    const br = await visit('/site/new-cars', { 'accept-encoding': 'br' });
    const gz = await visit('/site/new-cars', {
      'accept-encoding': 'gzip',
      'if-none-match': br.headers.etag as string,
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('keeps no 404 in any other cache, and shows a page published at that address at once', async () => {
    const missing = await visit('/site/late-arrival');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.headers.etag).toBeUndefined();
    const missingJson = await c.server.call('GET', '/api/site/pages?path=/late-arrival');
    expect(missingJson.statusCode).toBe(404);
    expect(missingJson.headers['cache-control']).toBe('no-cache');
    const id = await store(c, 'Late Arrival', null, { items: [richText('Arrived at last')] });
    expect((await visit('/site/late-arrival')).statusCode).toBe(404);
    await updatePublished(c, id, 'Late Arrival', { items: [richText('Arrived at last')] });
    const shown = await visit('/site/late-arrival');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Arrived at last');
    expect(shown.headers['cache-control']).toBe(SITE_CACHE_CONTROL);
    expect((await c.server.call('GET', '/api/site/pages?path=/late-arrival')).statusCode).toBe(200);
  });

  it('shows a page moved to the bin as gone, and a new page in every page’s navigation', async () => {
    const nav = await kept('/site/new-cars');
    const id = await store(c, 'Brand New Tab', null, PUBLISHED);
    expect(await changed('/site/new-cars', nav)).toContain('href="/site/brand-new-tab"');
    const page = await kept('/site/brand-new-tab');
    expect((await post(c, '/api/pages/delete', { id })).statusCode).toBe(200);
    const gone = await visit('/site/brand-new-tab', { 'if-none-match': page.etag });
    expect(gone.statusCode).toBe(404);
    expect((await visit('/site/new-cars')).body).not.toContain('href="/site/brand-new-tab"');
  });

  it('shows the site settings, a brand and a dealership as changed', async () => {
    const db = c.server.database.db;
    const home = await kept('/site/new-cars');
    await db
      .update(settings)
      .set({ value: sql`${settings.value} || '{"site_name":"Freshly Renamed Motor Group"}'::jsonb` })
      .where(eq(settings.key, 'site'));
    expect(await changed('/site/new-cars', home)).toContain('Freshly Renamed Motor Group');

    const [shown] = await db
      .select({ id: dealerships.id, brandId: dealerships.brandId })
      .from(dealerships)
      .where(
        and(
          isNull(dealerships.deletedAt),
          isNotNull(dealerships.publishedAt),
          isNotNull(dealerships.brandId),
        ),
      )
      .limit(1);
    const contact = await kept('/site/contact-us');
    await db.update(dealerships).set({ telephone: '0113 496 0999' }).where(eq(dealerships.id, shown!.id));
    const withPhone = await kept('/site/contact-us');
    expect(withPhone.etag).not.toBe(contact.etag);
    expect(withPhone.body).toContain('0113 496 0999');
    await db.update(brands).set({ name: 'Brand Renamed Today' }).where(eq(brands.id, shown!.brandId!));
    expect(text(await changed('/site/contact-us', withPhone))).toContain('Brand Renamed Today');
  });

  it('shows a library image’s new alt text on every page that uses it, and nothing else of the library changes a page', async () => {
    const db = c.server.database.db;
    const [item] = await db
      .insert(media)
      .values({
        name: 'forecourt.jpg',
        mime: 'image/jpeg',
        size: 1000,
        width: 1600,
        height: 900,
        sha256: 'f'.repeat(64),
        storageKey: `media/${'f'.repeat(64)}`,
        alt: 'The forecourt at dawn',
      })
      .returning({ id: media.id });
    const gallery = {
      index: 'gallery',
      name: 'Forecourt',
      sections: { content: { fields: { title: 'Photos', images: [{ media_id: item!.id }], columns: '3' } } },
    };
    await store(c, 'Forecourt', null, { ...PUBLISHED, items: [gallery] });
    const before = await kept('/site/forecourt');
    expect(before.body).toContain('alt="The forecourt at dawn"');
    // A caption or tags show nowhere on the site: the kept page still holds.
    await db
      .update(media)
      .set({ caption: 'Unused', tags: ['yard'] })
      .where(eq(media.id, item!.id));
    expect((await visit('/site/forecourt', { 'if-none-match': before.etag })).statusCode).toBe(304);
    await db.update(media).set({ alt: 'The forecourt at dusk' }).where(eq(media.id, item!.id));
    const after = await changed('/site/forecourt', before);
    expect(after).toContain('alt="The forecourt at dusk"');
    expect(after).not.toContain('alt="The forecourt at dawn"');
  });

  it('shows a scheduled page when its time comes and takes it down when its unpublish time comes, with no write to announce either', async () => {
    const id = await store(c, 'On Its Time', null, { published: 1, published_at: '2099-01-01T09:00' });
    const nav = await kept('/site/new-cars');
    expect(nav.body).not.toContain('href="/site/on-its-time"');
    expect((await visit('/site/on-its-time')).statusCode).toBe(404);
    // Its times a moment from now, as a scheduler would have saved them.
    const now = Date.now();
    await c.server.database.db
      .update(pages)
      .set({ publishedAt: new Date(now + 1000), unpublishAt: new Date(now + 6000) })
      .where(eq(pages.id, id));
    await expect
      .poll(async () => (await visit('/site/on-its-time')).statusCode, { timeout: 10_000, interval: 50 })
      .toBe(200);
    expect(await changed('/site/new-cars', nav)).toContain('href="/site/on-its-time"');
    await expect
      .poll(async () => (await visit('/site/on-its-time')).statusCode, { timeout: 10_000, interval: 50 })
      .toBe(404);
    expect((await visit('/site/new-cars')).body).not.toContain('href="/site/on-its-time"');
  });
});
