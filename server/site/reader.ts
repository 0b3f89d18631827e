import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { pageItem } from '@/api/contract/blocks';
import type {
  SiteBrand,
  SiteDealership,
  SiteDealershipSummary,
  SiteForm,
  SiteLink,
  SiteNavEntry,
  SitePage,
  SitePublicSettings,
} from '@/api/contract/site';
import { questionsOf } from '@/shared/answers';
import { mediaIdsOf, mediaRefsOf } from '@/shared/mediaRefs';
import { type FileUrl, siteBlocksOf, siteFieldsOf } from '@/shared/site';
import { siteFormOf } from '@/site/siteForm';
import type { Db } from '../db/open';
import { type BrandMeta, brands } from '../db/schema/brands';
import { dealerships } from '../db/schema/dealerships';
import { pages, type ThankYouColumn } from '../db/schema/pages';
import { brandLogoJson } from '../domain/brands';
import { dealershipImagesJson } from '../domain/dealerships';
import { type ImageRow, imagesJson, siteImagesOf } from '../domain/media/recordImages';
import { loadSiteMedia } from '../domain/media/siteMedia';
import { childOrder } from '../domain/pages/read';
import { rowsOf } from '../domain/pages/transaction';
import { readSiteSettings } from '../domain/settings';
import { DEFAULT_THANK_YOU_TITLE } from '../domain/submissions';
import { approvedContent, publishedNow, publishedNowIn } from './published';
import { pathOf, slugOfPath } from './sitePaths';

export { pathOf, slugOfPath } from './sitePaths';

/**
 * What a website reads: published content only, shaped by the delivery API's contract. The
 * delivery API answers these, and the reference site renders them, so both show the same.
 */
export interface SiteReader {
  /** `childrenPage` picks which page of its children (SITE_LIST_LIMIT to a page) it lists. */
  page(path: string, childrenPage?: number): Promise<SitePage | null>;
  /** A page as last saved, published or not (a share preview): null once it is deleted. */
  savedPage(id: number): Promise<SitePage | null>;
  navigation(depth: number): Promise<SiteNavEntry[]>;
  form(handle: string): Promise<SiteForm | null>;
  brands(): Promise<SiteBrand[]>;
  dealerships(brandSlug?: string): Promise<SiteDealershipSummary[]>;
  dealership(slug: string): Promise<SiteDealership | null>;
  settings(): Promise<SitePublicSettings>;
}

/** How many children a page answer and each menu level list at most: a folder may hold thousands. */
export const SITE_LIST_LIMIT = 100;

/** The blocks a page keeps, each checked on its own: a block stored in an older shape is left out, not the page. */
function storedItems(items: unknown[]) {
  return items.flatMap((raw) => {
    const parsed = pageItem.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

export function createSiteReader(db: Db, options: { fileUrl: FileUrl }): SiteReader {
  const { fileUrl } = options;
  const images = (ids: readonly unknown[] | undefined, rows: ImageRow[] | null) =>
    siteImagesOf(ids, rows, fileUrl);
  const brandOf = (row: {
    name: string;
    slug: string;
    meta: BrandMeta;
    logo: ImageRow[] | null;
  }): SiteBrand => {
    const [logo] = images([row.meta.logo_id], row.logo);
    return { name: row.name, slug: row.slug, logo: logo ?? null, logo_url: logo?.url ?? null };
  };

  const liveDealerships = and(isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt));

  async function dealershipRows(where = liveDealerships) {
    return db
      .select({ dealership: dealerships, brand: brands, images: dealershipImagesJson })
      .from(dealerships)
      .leftJoin(brands, and(eq(brands.id, dealerships.brandId), isNull(brands.deletedAt)))
      .where(where)
      .orderBy(asc(dealerships.sortOrder), asc(dealerships.id));
  }
  type DealershipRow = Awaited<ReturnType<typeof dealershipRows>>[number];
  const summaryOf = ({ dealership: d, brand, images }: DealershipRow): SiteDealershipSummary => ({
    id: d.id,
    name: d.name,
    slug: d.slug,
    brand: brand?.live ? brandOf({ ...brand, logo: images }) : null,
    email: d.email,
    telephone: d.telephone,
    address: d.address,
    opening_times: d.openingTimes,
  });

  /** Published pages under these parents (null: the top of the tree), each parent's in its own order. */
  async function publishedChildren(
    parent: { id: number; sortBy: 'sort_order' | 'published_at'; sortByMode: 'asc' | 'desc' } | null,
    childrenPage = 1,
    counted = false,
  ) {
    return db
      .select({
        id: pages.id,
        // Under a workflow, the name as approved.
        name: sql<string>`${approvedContent('"pages"', 'name')}`,
        slug: pages.slug,
        publishedAt: pages.publishedAt,
        sortBy: pages.sortBy,
        sortByMode: pages.sortByMode,
        // How many there are in all, counted in the same scan that finds this page of them (a menu
        // needs no count, and skips the scan of a long list).
        total: (counted ? sql<number>`count(*) over ()` : sql<number>`0`).mapWith(Number),
      })
      .from(pages)
      .where(
        and(
          eq(pages.kind, 'page'),
          parent ? eq(pages.parentId, parent.id) : isNull(pages.parentId),
          publishedNow,
        ),
      )
      .orderBy(...childOrder(parent))
      .limit(SITE_LIST_LIMIT)
      .offset((childrenPage - 1) * SITE_LIST_LIMIT);
  }

  /**
   * How many published children a page has: as its page of them counted them, or, for a page of
   * them past the last (none came back), counted apart.
   */
  async function publishedChildCount(
    parentId: number,
    childrenPage: number,
    shown: { total: number }[],
  ): Promise<number> {
    if (shown[0]) return shown[0].total;
    if (childrenPage === 1) return 0;
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(pages)
      .where(and(eq(pages.kind, 'page'), eq(pages.parentId, parentId), publishedNow));
    return Number(row?.n ?? 0);
  }

  /**
   * A page's answer: `published` when the site serves it (null under an unpublished ancestor),
   * `saved` for a share preview of its last save (its ancestors named whatever their state). The
   * page, its brand, its ancestors (nearest last) and the published homepage come in one
   * statement, with whether it has published children; only a page that has them reads them.
   */
  async function pageAnswer(
    target: SQL,
    state: 'published' | 'saved',
    childrenPage = 1,
  ): Promise<SitePage | null> {
    // The website serves a page under a workflow as approved; a share preview shows its last save.
    const content = (field: 'name' | 'meta' | 'items' | 'configurables') =>
      state === 'published' ? approvedContent('p', field) : sql.raw(`p.${field}`);
    const result = await db.execute(sql`
      with recursive target as (
        select p.id, ${content('name')} as name, p.slug, p.parent_id, p.brand_id, ${content('meta')} as meta,
          p.published, p.published_at, ${content('items')} as items,
          ${content('configurables')} as configurables, p.sort_by, p.sort_by_mode
        from pages p where p.kind = 'page' and ${target}
        limit 1
      ),
      up(id, name, slug, parent_id, shown, depth) as (
        select id, name, slug, parent_id, true, 0 from target
        union all
        select p.id, ${approvedContent('p', 'name')}, p.slug, p.parent_id, ${publishedNowIn('p')}, up.depth + 1
        from pages p join up on p.id = up.parent_id
        where up.depth < 1000
      )
      select t.*, b.name as brand_name, b.slug as brand_slug, b.meta as brand_meta, b.live as brand_live,
        ${imagesJson(sql`jsonb_build_array(b.meta->'logo_id')`)} as brand_logo,
        (select coalesce(json_agg(json_build_object('name', a.name, 'slug', a.slug, 'shown', a.shown)
            order by a.depth desc), '[]'::json)
          from up a where a.depth > 0) as ancestors,
        (select ${approvedContent('h', 'name')} from pages h
          where h.kind = 'page' and h.slug = '/' and t.slug <> '/' and ${publishedNowIn('h')}
          limit 1) as home_name,
        exists (select 1 from pages c where c.parent_id = t.id and c.kind = 'page' and ${publishedNowIn('c')})
          as has_children
      from target t
      -- By its key, row by row: the brands table may be long.
      left join lateral (
        select name, slug, meta, live from brands where id = t.brand_id and deleted_at is null
      ) b on true`);
    const [page] = rowsOf<{
      id: number;
      name: string;
      slug: string;
      meta: SitePage['meta'];
      published: boolean;
      published_at: Date | string | null;
      items: unknown[];
      configurables: Record<string, unknown>;
      sort_by: 'sort_order' | 'published_at';
      sort_by_mode: 'asc' | 'desc';
      brand_name: string | null;
      brand_slug: string | null;
      brand_meta: BrandMeta | null;
      brand_logo: ImageRow[] | null;
      brand_live: boolean | null;
      ancestors: { name: string; slug: string; shown: boolean }[];
      home_name: string | null;
      has_children: boolean;
    }>(result);
    if (!page) return null;
    // A page under an unpublished (or scheduled, or deleted) ancestor is not on the site.
    if (state === 'published' && page.ancestors.some((a) => !a.shown)) return null;
    const parent = { id: Number(page.id), sortBy: page.sort_by, sortByMode: page.sort_by_mode };
    const children = page.has_children ? await publishedChildren(parent, childrenPage, true) : [];
    const childCount = page.has_children ? await publishedChildCount(parent.id, childrenPage, children) : 0;
    const crumbs: SiteLink[] = page.ancestors.map((a) => ({ name: a.name, path: pathOf(a.slug) }));
    if (page.home_name !== null && crumbs[0]?.path !== '/')
      crumbs.unshift({ name: page.home_name, path: '/' });
    const publishedAt = page.published_at === null ? null : new Date(page.published_at);
    const items = storedItems(page.items);
    const configurables = page.configurables as Record<string, { fields?: Record<string, unknown> } | null>;
    const media = await loadSiteMedia(
      db,
      mediaIdsOf(
        mediaRefsOf({
          items,
          configurables: Object.fromEntries(
            Object.entries(configurables).map(([handle, value]) => [handle, { fields: value?.fields }]),
          ),
        }),
      ),
    );
    return {
      name: page.name,
      path: pathOf(page.slug),
      meta: page.meta,
      published_at:
        publishedAt && (state === 'published' || page.published) ? publishedAt.toISOString() : null,
      brand:
        page.brand_live && page.brand_name !== null && page.brand_slug !== null
          ? brandOf({
              name: page.brand_name,
              slug: page.brand_slug,
              meta: page.brand_meta ?? {},
              logo: page.brand_logo,
            })
          : null,
      breadcrumbs: crumbs,
      blocks: siteBlocksOf(items, fileUrl, media),
      configurables: Object.fromEntries(
        Object.entries(configurables).map(([handle, value]) => [
          handle,
          siteFieldsOf(value?.fields, fileUrl, media),
        ]),
      ),
      children: children.map((c) => ({
        name: c.name,
        path: pathOf(c.slug),
        published_at: c.publishedAt ? c.publishedAt.toISOString() : null,
      })),
      sort_by: page.sort_by,
      children_meta: {
        current_page: childrenPage,
        last_page: Math.max(1, Math.ceil(childCount / SITE_LIST_LIMIT)),
        per_page: SITE_LIST_LIMIT,
        total: childCount,
      },
      sort_by_mode: page.sort_by_mode,
    };
  }

  return {
    async page(path, childrenPage = 1) {
      return pageAnswer(
        sql`p.slug = ${slugOfPath(path)} and ${publishedNowIn('p')}`,
        'published',
        childrenPage,
      );
    },

    async savedPage(id) {
      return pageAnswer(sql`p.id = ${id} and p.deleted_at is null`, 'saved');
    },

    async navigation(depth) {
      const level = async (
        parent: { id: number; sortBy: 'sort_order' | 'published_at'; sortByMode: 'asc' | 'desc' } | null,
        remaining: number,
      ): Promise<SiteNavEntry[]> => {
        const rows = await publishedChildren(parent);
        return Promise.all(
          rows.map(async (row) => ({
            name: row.name,
            path: pathOf(row.slug),
            children: remaining > 1 ? await level(row, remaining - 1) : [],
          })),
        );
      };
      return level(null, depth);
    },

    async form(handle) {
      const [form] = await db
        .select({
          name: sql<string>`${approvedContent('"pages"', 'name')}`,
          slug: pages.slug,
          brandId: pages.brandId,
          items: sql<unknown[]>`${approvedContent('"pages"', 'items')}`,
          thankYou: sql<ThankYouColumn | null>`${approvedContent('"pages"', 'thank_you')}`,
        })
        .from(pages)
        .where(and(eq(pages.kind, 'form'), eq(pages.slug, handle), publishedNow));
      if (!form) return null;
      const questions = questionsOf(form.items);
      const pickers = questions.filter((q) => q.kind === 'dealership');
      const dealershipOptions = pickers.length > 0 ? await dealershipRows() : [];
      return siteFormOf(
        {
          handle: form.slug,
          name: form.name,
          questions,
          thankYou: {
            title: form.thankYou?.title || DEFAULT_THANK_YOU_TITLE,
            description: form.thankYou?.description ?? '',
          },
        },
        // The same rule the submission checks: a brand-only picker takes the form's brand's dealerships.
        (q) =>
          dealershipOptions
            .filter((d) => !q.brandOnly || form.brandId === null || d.dealership.brandId === form.brandId)
            .map((d) => d.dealership),
      );
    },

    async brands() {
      const rows = await db
        .select({ name: brands.name, slug: brands.slug, meta: brands.meta, logo: brandLogoJson })
        .from(brands)
        .where(and(eq(brands.live, true), isNull(brands.deletedAt)))
        .orderBy(asc(brands.sortOrder), asc(brands.id));
      return rows.map(brandOf);
    },

    async dealerships(brandSlug) {
      const rows = await dealershipRows(
        brandSlug === undefined
          ? liveDealerships
          : and(liveDealerships, sql`lower(${brands.slug}) = lower(${brandSlug})`, eq(brands.live, true)),
      );
      return rows.map(summaryOf);
    },

    async dealership(slug) {
      const [row] = await dealershipRows(
        and(liveDealerships, sql`lower(${dealerships.slug}) = lower(${slug})`),
      );
      if (!row) return null;
      const d = row.dealership;
      const banners = images(d.images.banner_img, row.images);
      const shown = images(d.images.dealer_img, row.images);
      return {
        ...summaryOf(row),
        copy: d.copy,
        banners,
        images: shown,
        banner_urls: banners.map((image) => image.url),
        image_urls: shown.map((image) => image.url),
        team: d.team.map((member) => {
          const [image] = images(member.image, row.images);
          return {
            name: member.name,
            content: member.content,
            image: image ?? null,
            image_url: image?.url ?? null,
          };
        }),
      };
    },

    async settings() {
      const stored = await readSiteSettings(db);
      // Named field by field: finance, history-check and voucher values never leave through a site call.
      return {
        site_name: stored.site_name,
        social: {
          facebook: stored.social.facebook,
          twitter: stored.social.twitter,
          instagram: stored.social.instagram,
        },
      };
    },
  };
}
