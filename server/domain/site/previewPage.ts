import type { SitePage } from '@/api/contract/site';
import { type FileUrl, siteBlocksOf, siteFieldsOf } from '@/shared/site';
import type { SiteContext } from '@/site';
import type { Db } from '../../db/open';
import { readItems } from '../blocks';
import { findPage } from '../pages/read';
import { pathOf, type SiteReader } from './reader';

/** The form handles a page's blocks embed. */
function embeddedForms(page: SitePage): string[] {
  return [
    ...new Set(
      page.blocks.flatMap((block) => {
        const handle = block.index === 'embedded_form' ? block.sections.content?.fields.form : undefined;
        return typeof handle === 'string' && handle.trim() ? [handle.trim()] : [];
      }),
    ),
  ];
}

/**
 * A page as last saved, published or not, with the blocks a visitor would see and what they need
 * from the published site (menu, settings, dealerships, embedded forms): what a share-preview link
 * shows. Null once the page is deleted. Breadcrumbs and children are the published site's and are
 * left out: the page may not be on the site yet.
 */
export async function savedPreviewOf(
  db: Db,
  reader: SiteReader,
  id: number,
  fileUrl: FileUrl,
): Promise<{ page: SitePage; context: SiteContext } | null> {
  const row = await findPage(db, 'page', id);
  if (!row) return null;
  const page: SitePage = {
    name: row.name,
    path: pathOf(row.slug),
    meta: row.meta,
    published_at: row.published && row.publishedAt ? row.publishedAt.toISOString() : null,
    brand: null,
    breadcrumbs: [],
    blocks: siteBlocksOf(readItems(row.items), fileUrl),
    configurables: Object.fromEntries(
      Object.entries(row.configurables ?? {}).map(([handle, value]) => [
        handle,
        siteFieldsOf((value as { fields?: Record<string, unknown> } | null)?.fields, fileUrl),
      ]),
    ),
    children: [],
    sort_by: row.sortBy,
    sort_by_mode: row.sortByMode,
  };
  const [settings, navigation, dealerships, forms] = await Promise.all([
    reader.settings(),
    reader.navigation(2),
    reader.dealerships(),
    Promise.all(embeddedForms(page).map(async (handle) => [handle, await reader.form(handle)] as const)),
  ]);
  return {
    page,
    context: {
      basePath: '/site',
      settings,
      navigation,
      dealerships,
      forms: Object.fromEntries(forms.flatMap(([handle, form]) => (form ? [[handle, form]] : []))),
      pagePath: page.path,
    },
  };
}
