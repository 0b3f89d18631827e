import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pages } from '@server/db/schema/pages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from './blocks';
import { createTestServer } from './harness';
import { PUBLISHED, post, store, type TreeClient, treeClientOn, updatePublished } from './pages-tree';

const SITE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

let c: TreeClient;
beforeAll(async () => {
  const server = await createTestServer({}, { seed: true });
  c = await treeClientOn(server, { name: 'Cache Motors', slug: 'cache-motors', live: true });
});
afterAll(() => c.server.close());

/** A visitor's browser (or a CDN) asking for a page. */
const visit = (url: string, headers: Record<string, string> = {}) =>
  c.server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('a site page kept per content version', () => {
  it('answers a strong ETag, the delivery API’s Cache-Control, and 304 for a current ETag', async () => {
    const first = await visit('/site/new-cars');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('New Cars');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe(SITE_CACHE_CONTROL);
    expect(String(first.headers.vary).toLowerCase()).toContain('accept-encoding');
    const again = await visit('/site/new-cars');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    const revalidated = await visit('/site/new-cars', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe(SITE_CACHE_CONTROL);
    expect((await visit('/site/new-cars', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('sends brotli or gzip as asked, each the same document, each with its own ETag', async () => {
    const plain = await visit('/site/new-cars');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await visit('/site/new-cars', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await visit('/site/new-cars', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const tags = new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]);
    expect(tags.size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    const revalidated = await visit('/site/new-cars', {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('shows a save and an unpublish at the next request, with a new ETag', async () => {
    const id = await store(c, 'Cached Offers', null, { ...PUBLISHED, items: [richText('Spring prices')] });
    const first = await visit('/site/cached-offers');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Spring prices');
    await updatePublished(c, id, 'Cached Offers', { items: [richText('Summer prices')] });
    const saved = await visit('/site/cached-offers', { 'if-none-match': first.headers.etag as string });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Summer prices');
    expect(saved.body).not.toContain('Spring prices');
    expect(saved.headers.etag).not.toBe(first.headers.etag);
    await updatePublished(c, id, 'Cached Offers', { items: [richText('Summer prices')], published: 0 });
    const gone = await visit('/site/cached-offers', { 'if-none-match': saved.headers.etag as string });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Page not found');
    expect(gone.headers.etag).toBeUndefined();
  });

  it('keeps form answers and share-preview links out of every cache', async () => {
    const form = '<form class="site-form" id="form-interest-enquiry"';
    const thanks = await visit('/site/contact-us?sent=interest-enquiry');
    expect(thanks.body.includes(form)).toBe(false);
    expect(thanks.headers['cache-control']).toBe('private, no-store');
    expect(thanks.headers.etag).toBeUndefined();
    // The page itself, kept for everyone, still shows the form.
    expect((await visit('/site/contact-us')).body.includes(form)).toBe(true);
    const posted = await c.server.app.inject({
      method: 'POST',
      url: '/site/contact-us',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({ _form: 'interest-enquiry', name: '', email: 'nope' }).toString(),
    });
    expect(posted.statusCode).toBe(422);
    expect(posted.headers['cache-control']).toBe('private, no-store');
    expect(posted.headers.etag).toBeUndefined();
    const id = await store(c, 'Shared Draft', null, { items: [richText('Not yet live')] });
    const share = await post(c, '/api/pages/share', { id });
    const preview = await visit(share.json().url as string);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Not yet live');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers.etag).toBeUndefined();
  });

  // Last: the scheduled change it makes stays due for the rest of the file.
  it('shortens the max-age, with no stale time, while a scheduled change is due within minutes', async () => {
    expect((await visit('/site/new-cars')).headers['cache-control']).toBe(SITE_CACHE_CONTROL);
    const soon = await store(c, 'Arriving Soon', null, { ...PUBLISHED });
    await c.server.database.db
      .update(pages)
      .set({ publishedAt: new Date(Date.now() + 30_000) })
      .where(eq(pages.id, soon));
    const res = await visit('/site/new-cars');
    const cacheControl = res.headers['cache-control'] as string;
    expect(cacheControl).toMatch(/^public, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeLessThanOrEqual(30);
  });
});
