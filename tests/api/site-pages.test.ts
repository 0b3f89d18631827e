import { pages } from '@server/db/schema/pages';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BLOCKS } from '@/shared/catalogue';
import { validateItems } from '@/shared/schema';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
/** Where the site answers real HTTP requests, as a browser without JavaScript makes them. */
let base: string;
beforeAll(async () => {
  server = await createTestServer({}, { seed: true });
  token = await server.login();
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

const visit = (url: string) => server.call('GET', url, { headers: { accept: 'text/html' } });

/** A form posted as a browser without JavaScript posts it. */
const postForm = (url: string, fields: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });

const FORM = 'application/x-www-form-urlencoded';

/** A form posted over HTTP with the given content type, as a browser sends it. */
async function sendOverHttp(url: string, type: string | null, body: BodyInit) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { accept: 'text/html', ...(type ? { 'content-type': type } : {}) },
    body,
    redirect: 'manual',
  });
  return { statusCode: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the demo site', () => {
  it('gives every seeded page blocks that pass the catalogue’s checks, one page ten or more', async () => {
    const rows = await server.database.db
      .select({ slug: pages.slug, items: pages.items })
      .from(pages)
      .where(and(eq(pages.kind, 'page'), isNull(pages.deletedAt)));
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(row.items.length, row.slug).toBeGreaterThan(0);
      expect(validateItems(row.items as { index: string }[], PAGE_BLOCKS), row.slug).toEqual({
        errors: {},
        unknown: [],
      });
    }
    expect(Math.max(...rows.map((row) => row.items.length))).toBeGreaterThanOrEqual(10);
    expect(rows.some((row) => (row.items as { hidden?: boolean }[]).some((item) => item.hidden))).toBe(true);
  });
});

describe('/site/', () => {
  it('renders the homepage as a whole document: blocks, navigation, meta and the site’s own CSP', async () => {
    const res = await visit('/site/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    const html = res.body;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<title>Home \| [^<]+<\/title>/);
    expect(html).toContain('<meta name="description" content="Home at Northway Motor Group."/>');
    const words = text(html);
    expect(words).toContain('Your next car, from people who care');
    expect(words).toContain('£249 a month');
    expect(words).toContain('Buying a car: your questions');
    expect(words).toContain('Electric Car Weekend');
    expect(html).toContain('<nav class="site-nav" aria-label="Main">');
    expect(html).toContain('href="/site/contact-us"');
    expect(html).toContain('<a class="site-skip" href="#main">Skip to content</a>');
    // The hidden block is not on the page.
    expect(words).not.toContain('spring sale');
  });

  it('serves a page under its path, with breadcrumbs, and the stylesheet with long caching', async () => {
    const res = await visit('/site/servicing/book-a-service');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<nav class="site-breadcrumbs" aria-label="Breadcrumb">');
    expect(res.body).toContain('<a href="/site/servicing">Servicing</a>');
    expect(res.body).toContain('<span aria-current="page">Book a Service</span>');
    const sheet = /<link rel="stylesheet" href="(\/site\/_assets\/site\.[0-9a-f]{12}\.css)"/.exec(
      res.body,
    )?.[1];
    expect(sheet).toBeTruthy();
    const css = await visit(sheet!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('.site-root');
  });

  it('answers an unknown or unpublished page with the designed 404 page, never the console', async () => {
    const missing = await visit('/site/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1 class="site-page__title">Page not found</h1>');
    expect(missing.body).toContain('href="/site/"');
    const careers = await visit('/site/careers');
    expect(careers.statusCode).toBe(404);
    expect(careers.body).toContain('Page not found');
  });

  it('renders markdown safely: raw HTML as text, unsafe links dropped', async () => {
    const [home] = await server.database.db
      .select({ id: pages.id, items: pages.items })
      .from(pages)
      .where(eq(pages.slug, 'about-us'));
    const items = [
      ...(home!.items as object[]),
      {
        index: 'rich_text',
        name: 'Rich text',
        hideable: { item: true, sections: [] },
        hidden: false,
        sections: {
          content: {
            hidden: false,
            fields: {
              body: 'Safe <script>alert("x")</script> <img src=x onerror=alert(1)> [bad](javascript:alert(1)) ![d](data:image/png;base64,AAAA)',
            },
            entries: [],
          },
        },
      },
    ];
    await server.database.db.update(pages).set({ items }).where(eq(pages.id, home!.id));
    const res = await visit('/site/about-us');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Safe &lt;script&gt;alert("x")&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; bad d',
    );
    expect(res.body).not.toMatch(/<script>alert|<img src=x|href="javascript:|src="data:/);
  });

  it('lists the live dealerships in a locator block and shows the embedded form on Contact Us', async () => {
    const res = await visit('/site/contact-us');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<section class="site-block site-locator"');
    expect(res.body).toMatch(/<a href="tel:\d+">/);
    expect(res.body).toMatch(
      /<form class="site-form" id="form-interest-enquiry" [^>]*action="\/site\/contact-us" method="post">/,
    );
    expect(res.body).toContain(
      '<label class="site-field__label" for="form-interest-enquiry-email">Email</label>',
    );
  });
});

describe('the embedded form without JavaScript', () => {
  it('re-renders the page with errors beside their fields and the typed values kept (422)', async () => {
    const res = await postForm('/site/contact-us', {
      _form: 'interest-enquiry',
      name: '',
      email: 'not an address',
      telephone: '0113 496 0000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const html = res.body;
    expect(html).toContain(
      '<div class="site-error-summary" id="form-interest-enquiry-errors" tabindex="-1">',
    );
    expect(html).toContain('<a href="#form-interest-enquiry-name">Name: This field is required.</a>');
    expect(html).toMatch(
      /<p class="site-field__error" id="form-interest-enquiry-email-error"><span class="site-visually-hidden">Error: <\/span>[^<]+<\/p><input id="form-interest-enquiry-email" required="" aria-invalid="true" aria-describedby="form-interest-enquiry-email-error"/,
    );
    expect(html).toContain('value="not an address"');
    expect(html).toContain('value="0113 496 0000"');
  });

  it('stores a good enquiry through the same call as the API, then shows the thank-you message', async () => {
    const res = await postForm('/site/contact-us', {
      _form: 'interest-enquiry',
      name: 'Priya Shah',
      email: 'priya.nojs@example.com',
      telephone: '07700 900123',
      derivative: 'Sportage GT-Line',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/site/contact-us?sent=interest-enquiry');
    const thanks = await visit(res.headers.location as string);
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('class="site-thank-you"');
    const list = await server.call('GET', '/api/responses?handle=interest-enquiry', { token });
    expect(list.statusCode).toBe(200);
    expect(JSON.stringify(list.json().responses.data)).toContain('priya.nojs@example.com');
  });

  it('answers a form that is not on the page with a page saying so and the way back (422)', async () => {
    const res = await sendOverHttp(
      '/site/contact-us',
      FORM,
      'newsletter=&_form=newsletter&email=a%40example.com',
    );
    expect(res.statusCode).toBe(422);
    expect(res.type).toMatch(/^text\/html/);
    expect(text(res.body)).toContain('This form could not be sent');
    expect(text(res.body)).toContain('This page has no such form');
    expect(res.body).toContain('<a href="/site/contact-us">Back to the page</a>');
    expect(res.body).not.toContain('Page not found');
    // A page that does not exist is still the 404 page.
    const missing = await sendOverHttp('/site/no-such-page', FORM, '_form=interest-enquiry');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('gives back a post too long to send as the page again, the error summary saying so and the answers kept (413)', async () => {
    const long = 'I would like to know more. '.repeat(3000);
    const fields = {
      _form: 'interest-enquiry',
      name: 'Priya Shah',
      email: 'priya.long@example.com',
      telephone: '07700 900123',
      derivative: long,
    };
    const res = await sendOverHttp('/site/contact-us', FORM, new URLSearchParams(fields).toString());
    expect(res.statusCode).toBe(413);
    expect(res.type).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain(
      '<div class="site-error-summary" id="form-interest-enquiry-errors" tabindex="-1">',
    );
    expect(text(html)).toContain('Your message is too long to send. Shorten it and send it again.');
    expect(text(html)).toContain('only its first 5000 characters are kept');
    expect(html).toContain('value="Priya Shah"');
    expect(html).toContain('value="priya.long@example.com"');
    expect(html).toContain(`value="${long.slice(0, 5000)}"`);
    // Nothing was stored from it.
    const list = await server.call('GET', '/api/responses?handle=interest-enquiry', { token });
    expect(JSON.stringify(list.json().responses.data)).not.toContain('priya.long@example.com');
  });

  it('answers a post it cannot read at all, or of a type it does not read, as a page with the way back', async () => {
    const huge = await sendOverHttp(
      '/site/contact-us',
      FORM,
      `_form=interest-enquiry&derivative=${'x'.repeat(1100 * 1024)}`,
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.type).toMatch(/^text\/html/);
    expect(text(huge.body)).toContain('Your message is too long');
    expect(huge.body).toContain('<a href="/site/contact-us">Back to the page</a>');
    const multipart = new FormData();
    multipart.append('_form', 'interest-enquiry');
    multipart.append('name', 'Priya Shah');
    for (const [type, body] of [
      [null, multipart],
      ['text/plain', '_form=interest-enquiry\r\nname=Priya Shah'],
      ['application/xml', '<form/>'],
    ] as const) {
      const res = await sendOverHttp('/site/contact-us', type, body);
      expect(res.statusCode, type ?? 'multipart').toBe(415);
      expect(res.type, type ?? 'multipart').toMatch(/^text\/html/);
      expect(text(res.body), type ?? 'multipart').toContain(
        'The form was sent in a way this site does not read.',
      );
      expect(res.body).toContain('<a href="/site/contact-us">Back to the page</a>');
    }
  });
});
