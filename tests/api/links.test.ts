import { readConfig } from '@server/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

const LINKS = ['path', 'first_page_url', 'last_page_url', 'prev_page_url', 'next_page_url'] as const;

/** Every link of both paginators of a list answer, those of `links` included. */
function linksOf(body: Record<string, Record<string, unknown>>): string[] {
  return Object.values(body).flatMap((page) =>
    [
      ...LINKS.map((key) => page[key]),
      ...(page.links as Array<{ url: string | null }>).map((l) => l.url),
    ].filter((link): link is string => typeof link === 'string'),
  );
}

describe(`Paginator links without PUBLIC_URL (${databaseKind})`, () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await createTestServer();
    token = await server.login();
  });
  afterAll(() => server.close());

  it('never takes the host from the request: links are relative, whatever Host and X-Forwarded-Host say', async () => {
    for (const url of ['/api/users?page=2', '/api/brands?search=kia', '/api/dealerships']) {
      const res = await server.call('GET', url, {
        token,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      const links = linksOf(res.json());
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link, url).toMatch(/^\/api\/[a-z]+(\?|$)/);
    }
  });

  it('keeps the search in the links and changes only the page', async () => {
    const body = (await server.call('GET', '/api/users?search=admin&page=3', { token })).json();
    expect(body.users.path).toBe('/api/users');
    expect(body.users.first_page_url).toBe('/api/users?search=admin&page=1');
    // Page 3 of one: the page before it is the last there is, not page 2, past the end as well.
    expect(body.users.prev_page_url).toBe('/api/users?search=admin&page=1');
  });
});

describe(`Paginator links with PUBLIC_URL (${databaseKind})`, () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await createTestServer({ PUBLIC_URL: 'https://console.example.com/' });
    token = await server.login();
  });
  afterAll(() => server.close());

  it('builds every link from the configured public URL, not from the Host header', async () => {
    const res = await server.call('GET', '/api/brands?perPage=-1', {
      token,
      headers: { host: 'evil.example' },
    });
    const page = res.json().brands;
    expect(page.path).toBe('https://console.example.com/api/brands');
    expect(page.first_page_url).toBe('https://console.example.com/api/brands?perPage=-1&page=1');
    expect(page.links[1]).toEqual({
      url: 'https://console.example.com/api/brands?perPage=-1&page=1',
      label: '1',
      active: true,
    });
    for (const link of linksOf(res.json())) expect(link).toMatch(/^https:\/\/console\.example\.com\/api\//);
  });
});

describe('The PUBLIC_URL setting', () => {
  it('keeps a path prefix and drops the trailing slash', () => {
    expect(readConfig({ PUBLIC_URL: 'https://example.com/console/' }).publicUrl).toBe(
      'https://example.com/console',
    );
    expect(readConfig({}).publicUrl).toBeNull();
  });

  it('refuses a value that is not an absolute http(s) URL at start', () => {
    for (const value of ['console.example.com', 'ftp://example.com', 'javascript:alert(1)']) {
      expect(() => readConfig({ PUBLIC_URL: value }), value).toThrow(
        /PUBLIC_URL must be an absolute http\(s\) URL/,
      );
    }
  });
});
