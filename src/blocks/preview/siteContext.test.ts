import { describe, expect, it } from 'vitest';
import type {
  SiteBlock,
  SiteDealershipSummary,
  SiteForm,
  SiteNavEntry,
  SitePublicSettings,
} from '@/api/contract/site';
import { type DeliveryCalls, previewPageOf, previewSource } from '@/blocks/preview/previewSource';
import { loadSiteContext, type SiteContextPage, type SiteSource } from '@/site/siteContext';

const settings: SitePublicSettings = {
  site_name: 'Northway',
  social: { facebook: null, twitter: null, instagram: null },
};
const tree: SiteNavEntry[] = [
  {
    name: 'Used Cars',
    path: '/used-cars',
    children: [{ name: 'Used Kia', path: '/used-cars/kia', children: [] }],
  },
];
const branch = (id: number, name: string, brand: string): SiteDealershipSummary => ({
  id,
  name,
  slug: name.toLowerCase(),
  brand: { name: brand, slug: brand.toLowerCase(), logo: null, logo_url: null },
  email: '',
  telephone: '',
  address: {} as never,
  opening_times: [],
});
const dealerships = [branch(1, 'Leeds', 'Kia'), branch(2, 'York', 'Skoda')];
const form: SiteForm = {
  handle: 'test-drive',
  name: 'Test drive',
  questions: [],
  thank_you: { title: 'Thanks', description: '' },
};

/** The published site as the delivery API's functions read it, noting what each page asks. */
function publishedSite() {
  const asked: string[] = [];
  const source: SiteSource = {
    settings: async () => settings,
    navigation: async (depth) => {
      asked.push(`navigation ${depth}`);
      const cut = (entries: SiteNavEntry[], left: number): SiteNavEntry[] =>
        entries.map((e) => ({ ...e, children: left > 1 ? cut(e.children, left - 1) : [] }));
      return cut(tree, depth);
    },
    dealerships: async (brand) => {
      asked.push(`dealerships ${brand ?? 'all'}`);
      return dealerships.filter((d) => brand === undefined || d.brand?.slug === brand);
    },
    form: async (handle) => {
      asked.push(`form ${handle}`);
      return handle === form.handle ? form : null;
    },
  };
  // The same site through the delivery API's calls, as the builder's preview reads it.
  const calls = {
    settings: () => source.settings(),
    navigation: async ({ query }: { query: { depth: number } }) => ({
      data: await source.navigation(query.depth),
    }),
    dealerships: async ({ query }: { query: { brand?: string } }) => ({
      data: await source.dealerships(query.brand),
    }),
    forms: async ({ params }: { params: { handle: string } }) => {
      const found = await source.form(params.handle);
      if (!found) throw new Error('404');
      return found;
    },
    brands: async () => ({ data: [{ name: 'Kia', slug: 'kia', logo: null, logo_url: null }] }),
  } as unknown as DeliveryCalls;
  return { asked, source, calls };
}

const blocks: SiteBlock[] = [
  {
    index: 'dealership_locator',
    name: 'Find us',
    sections: { content: { fields: { title: 'Find us' }, entries: [] } },
  },
  {
    index: 'embedded_form',
    name: 'Book',
    sections: { content: { fields: { form: ' test-drive ' }, entries: [] } },
  },
];

describe('a site page’s context', () => {
  it('is the same for the site, a share-preview link and the builder’s preview of one page', async () => {
    const page: SiteContextPage = { blocks, brand: { slug: 'kia' }, path: '/kia-offers' };
    const site = publishedSite();
    const onSite = await loadSiteContext(site.source, page);
    // A share link reads the page as last saved through the same reader.
    const shared = await loadSiteContext(site.source, { ...page });
    const preview = previewSource(site.calls);
    const inPreview = await loadSiteContext(
      preview,
      previewPageOf(blocks, 'kia', await preview.liveBrandSlugs(), '/kia-offers'),
    );

    expect(shared).toEqual(onSite);
    expect(inPreview).toEqual(onSite);
    expect(onSite.dealerships.map((d) => d.name)).toEqual(['Leeds']);
    expect(onSite.navigation).toEqual([{ name: 'Used Cars', path: '/used-cars', children: [] }]);
    expect(Object.keys(onSite.forms)).toEqual(['test-drive']);
    expect(site.asked).toEqual([
      'navigation 1',
      'dealerships kia',
      'form test-drive',
      'navigation 1',
      'dealerships kia',
      'form test-drive',
      'navigation 1',
      'dealerships kia',
      'form test-drive',
    ]);
  });

  it('lists every live dealership in a locator on a page of no live brand, in the preview as on the site', async () => {
    const site = publishedSite();
    const onSite = await loadSiteContext(site.source, { blocks, brand: null });
    const preview = previewSource(site.calls);
    // Skoda is not a live brand: the site's page names no brand.
    const inPreview = await loadSiteContext(
      preview,
      previewPageOf(blocks, 'skoda', await preview.liveBrandSlugs()),
    );
    expect(inPreview).toEqual(onSite);
    expect(onSite.dealerships.map((d) => d.name)).toEqual(['Leeds', 'York']);
  });

  it('asks for no dealerships or forms for a page without a locator or an embedded form', async () => {
    const site = publishedSite();
    const context = await loadSiteContext(site.source, { blocks: [], brand: { slug: 'kia' } });
    expect(context.dealerships).toEqual([]);
    expect(context.forms).toEqual({});
    expect(site.asked).toEqual(['navigation 1']);
  });
});
