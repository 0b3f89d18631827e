import type { SitePage } from '@/api/contract/site';
import type { SiteContext } from '@/site/context';
import type { SiteReader } from './reader';

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
 * A page as last saved, published or not, with what it needs from the published site (menu,
 * settings, dealerships, embedded forms): what a share-preview link shows. Its breadcrumbs name its
 * ancestors whatever their state, and its children are the published ones. Null once it is deleted.
 */
export async function savedPreviewOf(
  reader: SiteReader,
  id: number,
): Promise<{ page: SitePage; context: SiteContext } | null> {
  const page = await reader.savedPage(id);
  if (!page) return null;
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
