import { get as httpGet, request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from './blocks';
import { createTestServer, databaseKind } from './harness';
import { PUBLISHED, store, type TreeClient, treeClientOn, updatePublished } from './pages-tree';

const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

let c: TreeClient;
let base = '';
/** Requests for site pages that reached Fastify's routing: what the node:http listener left to it. */
let reachedFastify = 0;

beforeAll(async () => {
  const server = await createTestServer({}, { seed: true });
  server.app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/site')) reachedFastify++;
  });
  c = await treeClientOn(server, { name: 'Door Motors', slug: 'door-motors', live: true });
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => c.server.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request over the wire, its body as sent (not decoded). */
function fetchRaw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((done, fail) => {
    const request = (method === 'GET' ? httpGet : httpRequest)(
      `${base}${path}`,
      { method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.once('error', fail);
    if (method !== 'GET') request.end();
  });
}

/**
 * Asks for a page until the listener answers it from memory without Fastify: the request that
 * renders it, and one after any statement on the database (the job queue's polls too: the content
 * version is read again then), reach Fastify. On PGlite it must come within a few tries. On
 * PostgreSQL the version is trusted for 5 ms after each read (other processes may write), which a
 * busy machine's requests may never fall within: there the answer of the last try is taken,
 * from whichever path gave it, and held to the same headers and bytes.
 */
async function fromMemory(path: string, headers: Record<string, string> = {}, method = 'GET') {
  let answer: Answer | null = null;
  for (let tries = 0; tries < 5; tries++) {
    const seen = reachedFastify;
    answer = await fetchRaw(path, headers, method);
    if (reachedFastify === seen) return answer;
  }
  if (databaseKind === 'postgres' && answer) return answer;
  throw new Error(`${path} was never answered from memory`);
}

/** Every header but the clock's. */
const withoutDate = ({ date: _date, ...rest }: Record<string, string>) => rest;

describe('a kept site page answered by the node:http listener, ahead of Fastify', () => {
  it('sends the same status, headers and bytes as the route that rendered it, and the same 304', async () => {
    const rendered = await fetchRaw('/site/new-cars', BROWSER);
    expect(rendered.status).toBe(200);
    const kept = await fromMemory('/site/new-cars', BROWSER);
    expect(kept.status).toBe(200);
    expect(withoutDate(kept.headers)).toEqual(withoutDate(rendered.headers));
    expect(kept.body.equals(rendered.body)).toBe(true);
    expect(brotliDecompressSync(kept.body).toString()).toContain('New Cars');
    for (const name of ['content-security-policy', 'x-content-type-options', 'etag', 'vary', 'cache-control'])
      expect(kept.headers[name], name).toBeTruthy();

    const revalidate = { ...BROWSER, 'if-none-match': kept.headers.etag! };
    const notModified = await fromMemory('/site/new-cars', revalidate);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    // A 304 through Fastify's route (a query string goes there) carries the same headers.
    const seen = reachedFastify;
    const viaRoute = await fetchRaw('/site/new-cars?children_page=1', revalidate);
    expect(reachedFastify).toBe(seen + 1);
    expect(viaRoute.status).toBe(304);
    expect(withoutDate(notModified.headers)).toEqual(withoutDate(viaRoute.headers));

    const head = await fromMemory('/site/new-cars', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(withoutDate(head.headers)).toEqual(withoutDate(rendered.headers));
  });

  it('leaves every other address to Fastify: queries, the site’s own paths, other methods', async () => {
    await fromMemory('/site/contact-us', BROWSER);
    const seen = reachedFastify;
    const thanks = await fetchRaw('/site/contact-us?sent=interest-enquiry', BROWSER);
    expect(thanks.headers['cache-control']).toBe('private, no-store');
    await fetchRaw('/site/_assets/site.css');
    expect((await fetchRaw('/site/new%2Dcars', BROWSER)).status).toBe(200);
    expect(reachedFastify).toBe(seen + 3);
  });

  it('shows a save and an unpublish at the next request, with a new ETag', async () => {
    const id = await store(c, 'Door Offers', null, { ...PUBLISHED, items: [richText('Spring prices')] });
    const first = await fetchRaw('/site/door-offers');
    expect(first.body.toString()).toContain('Spring prices');
    // Kept now: answered from memory until something changes.
    expect((await fromMemory('/site/door-offers', { 'if-none-match': first.headers.etag! })).status).toBe(
      304,
    );
    await updatePublished(c, id, 'Door Offers', { items: [richText('Summer prices')] });
    const saved = await fetchRaw('/site/door-offers', { 'if-none-match': first.headers.etag! });
    expect(saved.status).toBe(200);
    expect(saved.body.toString()).toContain('Summer prices');
    expect(saved.headers.etag).not.toBe(first.headers.etag);
    await updatePublished(c, id, 'Door Offers', { items: [richText('Summer prices')], published: 0 });
    const gone = await fetchRaw('/site/door-offers', { 'if-none-match': saved.headers.etag! });
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toContain('Page not found');
  });
});
