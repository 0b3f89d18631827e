import { brands } from '@server/db/schema/brands';
import { dealerships } from '@server/db/schema/dealerships';
import { createSiteReader } from '@server/site/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteBlock, SiteNavEntry } from '@/api/contract/site';
import { formFromDraft } from '@/blocks/preview/previewForm';
import { type DeliveryCalls, previewPageOf, previewSource } from '@/blocks/preview/previewSource';
import { fileUrlFrom } from '@/shared/site';
import { loadSiteContext } from '@/site/siteContext';
import { richText } from './blocks';
import { createTestServer, type TestServer } from './harness';
import { post, store, type TreeClient } from './pages-tree';

let c: TreeClient;
let server: TestServer;
let kiaId: number;
const PUBLISHED = { published: 1, published_at: '2025-01-01T09:00' };

const locator = {
  index: 'dealership_locator',
  name: 'Find us',
  sections: { content: { fields: { title: 'Find us', view: 'list' } } },
};

const dealershipPicker = {
  index: 'input_dealership',
  name: 'Dealership',
  sections: {
    settings: { fields: { label: 'Dealership', name: 'dealership', required: '1', brand: 'brand' } },
  },
};

function dealership(name: string, brandId: number, sortOrder: number) {
  return {
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    brandId,
    email: 'branch@example.com',
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
    openingTimes: [],
    pinnacleEnquiryId: 'x',
    pinnacleUsedEnquiryId: 'y',
    images: { banner_img: [], dealer_img: [] },
    team: [],
    publishedAt: new Date(),
    sortOrder,
  };
}

/** The delivery API as the builder's preview calls it from the browser: public, no token. */
function deliveryCalls(): DeliveryCalls {
  const read = async (url: string) => {
    const res = await server.call('GET', url);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    return res.json();
  };
  // The test's calls take the same inputs and give the same answers as the console's client.
  return {
    settings: () => read('/api/site/settings'),
    navigation: ({ query }) => read(`/api/site/navigation?depth=${query.depth}`),
    dealerships: ({ query }) =>
      read(`/api/site/dealerships${query.brand === undefined ? '' : `?brand=${query.brand}`}`),
    forms: ({ params }) => read(`/api/site/forms/${params.handle}`),
    brands: () => read('/api/site/brands'),
  } as DeliveryCalls;
}

/** What the site's layout shows: the header, navigation and footer, and the page's own content. */
const siteRoot = (html: string) => {
  const start = html.indexOf('<div class="site-root">');
  return html
    .slice(start, html.lastIndexOf('</body>'))
    .replace(/<p class="site-preview-note"[^>]*>.*?<\/p>/, '')
    .replace(/<template[\s\S]*<\/template>/, '');
};

const locatorNames = (html: string) =>
  [...html.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)]
    .map((match) => match[1])
    .filter((name) => name?.includes('Motors'));

const depthOf = (entries: SiteNavEntry[]): number =>
  entries.length === 0 ? 0 : 1 + Math.max(...entries.map((entry) => depthOf(entry.children)));

beforeAll(async () => {
  server = await createTestServer();
  const token = await server.login();
  const db = server.database.db;
  const [kia, skoda] = await db
    .insert(brands)
    .values([
      { name: 'Kia', slug: 'kia', live: true, sortOrder: 1 },
      { name: 'Skoda', slug: 'skoda', live: true, sortOrder: 2 },
    ])
    .returning({ id: brands.id });
  kiaId = kia!.id;
  await db
    .insert(dealerships)
    .values([dealership('Kia Leeds Motors', kia!.id, 1), dealership('Skoda York Motors', skoda!.id, 2)]);
  c = { server, token, brandId: kia!.id };
  // A menu two levels deep: the site shows its top level.
  const used = await store(c, 'Used Cars', null, PUBLISHED);
  await store(c, 'Used Kia', used, PUBLISHED);
});
afterAll(() => server.close());

describe('a page’s site context, on the site, its share link and the builder’s preview', () => {
  it('gives the share link the page as the site shows it: the page brand’s dealerships in its locator', async () => {
    const id = await store(c, 'Kia Branches', null, { ...PUBLISHED, items: [richText('Visit us'), locator] });
    const live = await server.call('GET', '/site/kia-branches');
    expect(live.statusCode).toBe(200);
    expect(locatorNames(live.body)).toEqual(['Kia Leeds Motors']);

    const shared = await post(c, '/api/pages/share', { id });
    const preview = await server.call('GET', shared.json().url);
    expect(preview.statusCode).toBe(200);
    expect(locatorNames(preview.body)).toEqual(['Kia Leeds Motors']);
    expect(preview.body).not.toContain('Skoda York Motors');
    // Header, navigation, blocks and footer: the same document body as the site's.
    expect(siteRoot(preview.body)).toBe(siteRoot(live.body));
  });

  it('gives the builder’s preview the site’s navigation depth and the page brand’s dealerships', async () => {
    await store(c, 'Kia Finder', null, { ...PUBLISHED, items: [locator] });
    const shown = (await server.call('GET', '/api/site/pages?path=/kia-finder')).json();
    // What the site's pages are drawn with: the delivery API's own reader.
    const onSite = await loadSiteContext(
      createSiteReader(server.database.db, { fileUrl: fileUrlFrom(null) }),
      shown,
    );

    const source = previewSource(deliveryCalls());
    const blocks: SiteBlock[] = shown.blocks;
    const inPreview = await loadSiteContext(
      source,
      previewPageOf(blocks, 'kia', await source.liveBrandSlugs(), '/kia-finder'),
    );
    expect(inPreview.dealerships.map((d) => d.name)).toEqual(['Kia Leeds Motors']);
    expect(depthOf(inPreview.navigation)).toBe(1);
    expect(inPreview).toEqual(onSite);
    expect(onSite.dealerships.map((d) => d.name)).toEqual(['Kia Leeds Motors']);
  });

  it('offers dealership answers in the form builder’s preview that responses/submit accepts', async () => {
    const stored = await post(c, '/api/forms/store', {
      parent: null,
      data: {
        name: 'Kia Test Drive',
        handle: 'ignored',
        brand_id: kiaId,
        meta: { title: 'Test drive', description: 'Book one' },
        ...PUBLISHED,
        emails: {
          subject: 'Enquiry',
          email_title: 'Enquiry',
          email_body: 'New',
          email_lists: 'a@example.com',
        },
        thank_you: { title: 'Thanks!', description: 'We will call you.' },
        items: [dealershipPicker],
      },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const handle = stored.json().handle as string;

    const draft = formFromDraft(
      {
        items: [dealershipPicker] as never,
        name: 'Kia Test Drive',
        handle,
        thankYou: { title: 'Thanks!', description: 'We will call you.' },
        brandSlug: 'kia',
      },
      await previewSource(deliveryCalls()).dealerships(),
    );
    const offered = draft.questions[0]!.options;
    expect(offered.map((option) => option.label)).toEqual(['Kia Leeds Motors']);
    // Exactly what the site's form offers.
    expect(offered).toEqual(
      (await server.call('GET', `/api/site/forms/${handle}`)).json().questions[0].options,
    );

    const sent = await server.call('POST', '/api/responses/submit', {
      body: { handle, fields: { dealership: offered[0]!.value } },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });
});

describe('the site’s stylesheet', () => {
  it('is one fingerprinted file for the site and its share links, cached for a year, with every part', async () => {
    const sheetOf = (html: string) => /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    await store(c, 'Style Check', null, { ...PUBLISHED, items: [richText('Styled')] });
    const live = await server.call('GET', '/site/style-check');
    const sheet = sheetOf(live.body);
    expect(sheet).toMatch(/^\/site\/_assets\/site\.[0-9a-f]{12}\.css$/);

    const page = await store(c, 'Style Draft', null, { items: [richText('Draft')] });
    const shared = await post(c, '/api/pages/share', { id: page });
    expect(sheetOf((await server.call('GET', shared.json().url)).body)).toBe(sheet);

    // The builder's preview links the stable address, which leads to the same file.
    const stable = await server.call('GET', '/site/_assets/site.css');
    expect(stable.statusCode).toBe(302);
    expect(stable.headers.location).toBe(sheet);

    const css = await server.call('GET', sheet!);
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const rule of ['.site-root {', '.site-header {', '.site-hero', '.site-field', '.site-footer'])
      expect(css.body).toContain(rule);
  });
});
