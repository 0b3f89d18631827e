import { pages } from '@server/db/schema/pages';
import { mintPreviewLink } from '@server/site/previewLinks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from './blocks';
import { createTestServer } from './harness';
import { pageData, post, store, type TreeClient, treeClientOn } from './pages-tree';

let c: TreeClient;

beforeAll(async () => {
  const server = await createTestServer();
  c = await treeClientOn(server, { name: 'Kia', slug: 'kia' });
});
afterAll(() => c.server.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function share(id: number): Promise<{ url: string; expires_at: string }> {
  const res = await post(c, '/api/pages/share', { id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A preview link opened by someone with no console account: no token, no cookie. */
const open = (url: string) => c.server.app.inject({ method: 'GET', url });

async function pageWith(name: string, body: string, published = 0): Promise<number> {
  return store(c, name, null, { items: [richText(body)], published });
}

describe('share preview links', () => {
  it('answers a link to /site/_preview/ that lasts 7 days', async () => {
    const id = await pageWith('Spring offers', 'Nearly new hatchbacks');
    const before = Date.now();
    const link = await share(id);
    expect(link.url).toMatch(/^\/site\/_preview\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const expires = Date.parse(link.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
  });

  it('shows an unpublished page as last saved to someone not signed in, never indexed', async () => {
    const id = await pageWith('Summer service', 'Free winter check');
    const { url } = await share(id);
    const first = await open(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['x-robots-tag']).toMatch(/noindex/);
    expect(first.headers['cache-control']).toMatch(/no-store/);
    // The token in the address is never sent on, not even to the site's own pages.
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.body).toContain('Summer service');
    expect(first.body).toContain('Free winter check');

    const edit = (await c.server.call('GET', `/api/pages/edit?id=${id}`, { token: c.token })).json().data;
    const saved = await post(c, '/api/pages/update', {
      id,
      data: pageData(c, 'Summer service', { items: [richText('Half-price air conditioning check')] }),
      updated_at: edit.updated_at,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await open(url);
    expect(again.body).toContain('Half-price air conditioning check');
    expect(again.body).not.toContain('Free winter check');
  });

  it('shows the page in its place: breadcrumbs through unpublished folders, and its published children', async () => {
    const folder = await store(c, 'Draft Offers Folder');
    const page = await store(c, 'Draft Offer', folder, { items: [richText('Coming soon')] });
    await store(c, 'Live Offer Detail', page, { published: 1, published_at: '2025-01-01T09:00' });
    await store(c, 'Hidden Offer Detail', page);
    const { url } = await share(page);
    const res = await open(url);
    expect(res.statusCode, res.body).toBe(200);
    const crumbs = res.body.slice(res.body.indexOf('aria-label="Breadcrumb"'));
    expect(crumbs.slice(0, crumbs.indexOf('</nav>'))).toContain('Draft Offers Folder');
    expect(res.body).toContain('In this section');
    expect(res.body).toContain('Live Offer Detail');
    expect(res.body).not.toContain('Hidden Offer Detail');
  });

  it('leaves hidden blocks out, as the site does', async () => {
    const id = await store(c, 'Hidden bits', null, {
      items: [richText('Shown to all'), { ...richText('Kept back'), hidden: true }],
    });
    const page = await open((await share(id)).url);
    expect(page.body).toContain('Shown to all');
    expect(page.body).not.toContain('Kept back');
  });

  it('is dead once expired', async () => {
    const id = await pageWith('Old offer', 'Gone by now');
    const link = await mintPreviewLink(c.server.tokens, id, new Date(Date.now() - 1000));
    const res = await open(link.path);
    expect(res.statusCode).toBe(410);
    expect(res.headers['x-robots-tag']).toMatch(/noindex/);
    expect(res.body).toContain('This preview link has expired');
    expect(res.body).not.toContain('Gone by now');
  });

  it('is dead when tampered with', async () => {
    const id = await pageWith('Tamper target', 'Secret draft');
    const { url } = await share(id);
    const token = url.split('/').pop()!;
    const [header, , signature] = token.split('.');
    const otherId = Buffer.from(JSON.stringify({ aud: 'site-preview', sub: String(id + 1) })).toString(
      'base64url',
    );
    for (const forged of [
      `${url.slice(0, -2)}${url.endsWith('AA') ? 'BB' : 'AA'}`,
      `/site/_preview/${header}.${otherId}.${signature}`,
      '/site/_preview/not-a-token',
    ]) {
      const res = await open(forged);
      expect(res.statusCode, forged).toBe(410);
      expect(res.body).not.toContain('Secret draft');
    }
  });

  it('is dead once the page is deleted, and after its purge', async () => {
    const binned = await pageWith('Binned page', 'In the bin');
    const binnedLink = await share(binned);
    expect((await post(c, '/api/pages/delete', { id: binned })).statusCode).toBe(200);
    const res = await open(binnedLink.url);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('has been deleted');
    expect(res.body).not.toContain('In the bin');

    const gone = await pageWith('Gone page', 'Gone forever');
    const goneLink = await share(gone);
    expect((await post(c, '/api/pages/delete', { id: gone })).statusCode).toBe(200);
    // Past its moment for Undo a deleted page is purged: the row is gone.
    await c.server.database.db.delete(pages).where(eq(pages.id, gone));
    expect((await open(goneLink.url)).statusCode).toBe(410);
  });

  it('is not an access token, and cannot be had without signing in or for a deleted page', async () => {
    const id = await pageWith('Private page', 'Words');
    const { url } = await share(id);
    const token = url.split('/').pop()!;
    const asAccess = await c.server.call('GET', `/api/pages/edit?id=${id}`, { token });
    expect(asAccess.statusCode).toBe(401);
    const signedOut = await c.server.call('POST', '/api/pages/share', { body: { id } });
    expect(signedOut.statusCode).toBe(401);
    const missing = await post(c, '/api/pages/share', { id: 999_999 });
    expect(missing.statusCode).toBe(404);
    const bad = await post(c, '/api/pages/share', { id: 'x' });
    expect(bad.statusCode).toBe(422);
  });
});
