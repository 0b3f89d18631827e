import { isNull, sql } from 'drizzle-orm';
import { responseHandles } from '@/api/contract/responses';
import { slugify } from '@/shared/slug';
import type { Db } from '../open';
import { brands } from '../schema/brands';
import { dealerships } from '../schema/dealerships';
import { pages } from '../schema/pages';
import { enquiryFormEmails, enquiryFormRow, testDriveItems } from './forms';
import {
  aboutBlocks,
  bookServiceBlocks,
  briefBlocks,
  contactBlocks,
  generalBlocks,
  homeBlocks,
  locationsBlocks,
  modelBlocks,
  newsBlocks,
  offersBlocks,
  policyBlocks,
  type SeedFile,
  servicingBlocks,
} from './siteBlocks';

type NewPage = typeof pages.$inferInsert;

/** The enquiry forms the website posts to (spec §3 Response form handles). */
export const FORM_NAMES = [
  'Aftersales Enquiry',
  'MOT Enquiry',
  'Motability Enquiry',
  'New Car Enquiry',
  'Newsletter',
  'Offer Enquiry',
  'Parts Enquiry',
  'Service Enquiry',
  'Test Drive',
  'Used Vehicle Enquiry',
  'Interest Enquiry',
];

const MODELS = ['Hatchback', 'Saloon', 'Estate', 'SUV', 'Crossover', 'Electric', 'Hybrid', 'Coupe'];
const BODY_TYPES = ['Hatchbacks', 'Saloons', 'Estates', 'SUVs', 'Vans', 'Electric cars', 'Automatics'];
const COLOURS = ['Red', 'Blue', 'Grey', 'White', 'Black', 'Silver', 'Green'];
const DAY = 24 * 3600_000;

/** Writes pages level by level, giving each its slug under its parent and its place among siblings. */
class TreeWriter {
  private readonly slugs = new Set<string>();
  private readonly placed = new Map<number | null, number>();
  constructor(private readonly db: Db) {}

  private slugFor(parentSlug: string | null, name: string): string {
    const part = slugify(name) || 'page';
    const base = parentSlug === null || parentSlug === '/' ? part : `${parentSlug}/${part}`;
    let slug = base;
    for (let n = 2; this.slugs.has(slug); n++) slug = `${base}-${n}`;
    this.slugs.add(slug);
    return slug;
  }

  /** Adds children under a parent (or the top level) in the given order; answers their ids and slugs. */
  async add(
    parent: { id: number; slug: string } | null,
    children: (Omit<NewPage, 'slug' | 'sortOrder' | 'parentId'> & { slug?: string })[],
  ): Promise<{ id: number; slug: string }[]> {
    const before = this.placed.get(parent?.id ?? null) ?? 0;
    this.placed.set(parent?.id ?? null, before + children.length);
    const rows: NewPage[] = children.map((child, i) => ({
      meta: { title: child.name, description: `${child.name} at Northway Motor Group.` },
      ...child,
      slug: child.slug ?? this.slugFor(parent?.slug ?? null, child.name),
      parentId: parent?.id ?? null,
      sortOrder: before + i + 1,
    }));
    const out: { id: number; slug: string }[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      out.push(
        ...(await this.db
          .insert(pages)
          .values(rows.slice(i, i + 1000))
          .returning({ id: pages.id, slug: pages.slug })),
      );
    }
    return out;
  }
}

const published = (daysAgo: number) => ({
  published: true,
  publishedAt: new Date(Date.now() - daysAgo * DAY),
});
const folder = { isAllowedChildren: true };

/**
 * The website's page tree: home, new cars per brand, used cars, offers, servicing, about,
 * contact and dealership locations, with a few locked pages, and the enquiry forms. `large`
 * grows it to 100,000 pages, one parent (the used stock) holding 10,000 of them.
 */
export async function seedPages(db: Db, size: 'normal' | 'large'): Promise<void> {
  const large = size === 'large';
  const tree = new TreeWriter(db);
  const brandRows = await db
    .select({ id: brands.id, name: brands.name })
    .from(brands)
    .where(isNull(brands.deletedAt));
  const dealerRows = await db
    .select({
      id: dealerships.id,
      name: dealerships.name,
      brandId: dealerships.brandId,
      images: dealerships.images,
    })
    .from(dealerships)
    .where(isNull(dealerships.deletedAt));
  // The showroom pictures the group's dealerships keep, for the site's galleries and banners.
  const images: SeedFile[] = [...new Set(dealerRows.flatMap((d) => d.images.banner_img))]
    .slice(0, 6)
    .map((media_id) => ({ media_id }));

  // The sections at the top, and what they say for the whole group (finance offers, servicing, used
  // stock, news), are the group's: no brand (decision 019). Each brand's pages sit under them (its
  // range under New Cars, its offers, its cars in stock, its dealerships), and are all its manager
  // reaches; the group's sections, which hold every brand's pages, only a group-wide user changes.
  const [home, newCars, usedCars, offers, servicing, , , locations, news] = await tree.add(null, [
    { name: 'Home', slug: '/', ...published(400), locked: true, ...folder, items: homeBlocks(images) },
    {
      name: 'New Cars',
      ...published(390),
      ...folder,
      locked: true,
      items: generalBlocks('New Cars'),
    },
    {
      name: 'Used Cars',
      ...published(390),
      ...folder,
      items: generalBlocks('Used Cars'),
    },
    { name: 'Offers', ...published(380), ...folder, items: offersBlocks('Offers') },
    {
      name: 'Servicing',
      ...published(370),
      ...folder,
      items: servicingBlocks('Servicing'),
    },
    { name: 'About Us', ...published(360), items: aboutBlocks(images) },
    { name: 'Contact Us', ...published(360), locked: true, items: contactBlocks() },
    {
      name: 'Dealership Locations',
      ...published(350),
      ...folder,
      locked: true,
      items: locationsBlocks(),
    },
    {
      name: 'News',
      ...published(300),
      ...folder,
      sortBy: 'published_at',
      sortByMode: 'desc',
      items: newsBlocks('News', 21),
    },
    { name: 'Privacy Policy', ...published(340), locked: true, items: policyBlocks() },
    { name: 'Careers', items: generalBlocks('Careers') },
  ]);
  await tree.add(home!, [{ name: 'Welcome', ...published(400), items: generalBlocks('Welcome') }]);

  // New cars: one section per brand, each with its range.
  const perBrand = await tree.add(
    newCars!,
    brandRows.map((b, i) => ({
      name: b.name,
      brandId: b.id,
      ...published(300 - i),
      ...folder,
      items: generalBlocks(`New ${b.name}`),
    })),
  );
  const modelsPerBrand = large ? 1500 : MODELS.length;
  for (const [i, section] of perBrand.entries()) {
    await tree.add(
      section,
      Array.from({ length: modelsPerBrand }, (_, m) => {
        const name = `${brandRows[i]!.name} ${MODELS[m % MODELS.length]}${m >= MODELS.length ? ` ${Math.floor(m / MODELS.length) + 1}` : ''}`;
        return {
          name,
          brandId: brandRows[i]!.id,
          ...(m % 5 === 4 ? {} : published(200 - (m % 100))),
          items: m < MODELS.length ? modelBlocks(name, 'new') : briefBlocks(name),
        };
      }),
    );
  }

  // Used cars: body types, and the stock itself (the 10,000-child parent at scale).
  await tree.add(
    usedCars!,
    BODY_TYPES.map((name, i) => ({
      name,
      ...published(100 + i),
      items: modelBlocks(`Used ${name.toLowerCase()}`, 'used'),
    })),
  );
  const [stock] = await tree.add(usedCars!, [
    { name: 'Stock', ...published(90), ...folder, items: generalBlocks('Stock') },
  ]);
  const stockCount = large ? 10_000 : 24;
  await tree.add(
    stock!,
    Array.from({ length: stockCount }, (_, n) => {
      const brand = brandRows[n % Math.max(brandRows.length, 1)];
      const name = `${COLOURS[n % COLOURS.length]} ${brand?.name ?? 'Car'} ${MODELS[n % MODELS.length]} ${n + 1}`;
      return {
        name,
        brandId: brand?.id ?? null,
        ...(n % 7 === 0 ? {} : published(n % 60)),
        items: n < 24 ? modelBlocks(name, 'used') : briefBlocks(name),
      };
    }),
  );

  await tree.add(offers!, [
    { name: 'Finance Offers', ...published(30), items: offersBlocks('Finance Offers') },
    { name: 'Scrappage', ...published(25), items: offersBlocks('Scrappage') },
    { name: 'Motability', ...published(20), items: offersBlocks('Motability') },
    { name: 'Fleet & Business', items: offersBlocks('Fleet & Business') },
    ...brandRows.map((b, i) => ({
      name: `${b.name} Offers`,
      brandId: b.id,
      ...published(10 + i),
      // The brand's manager adds its offers here.
      ...folder,
      items: offersBlocks(`${b.name} Offers`),
    })),
  ]);
  await tree.add(servicing!, [
    {
      name: 'Book a Service',
      ...published(50),
      locked: true,
      items: bookServiceBlocks(),
    },
    { name: 'MOT', ...published(50), items: servicingBlocks('MOT') },
    { name: 'Service Plans', ...published(45), items: servicingBlocks('Service Plans') },
    { name: 'Tyres', ...published(40), items: servicingBlocks('Tyres') },
    { name: 'Parts', items: generalBlocks('Parts') },
  ]);
  await tree.add(
    locations!,
    dealerRows.map((d, i) => ({
      name: d.name,
      brandId: d.brandId,
      ...published(200 - (i % 150)),
      items: large && i >= 36 ? briefBlocks(d.name) : generalBlocks(d.name),
    })),
  );

  // News fills the tree to its size: one section per year, articles ordered by publish date.
  const written = await db.$count(pages);
  const articles = large ? Math.max(0, 100_000 - written - 12 - FORM_NAMES.length) : 18;
  const years = await tree.add(
    news!,
    Array.from({ length: 12 }, (_, i) => ({
      name: `${2026 - i}`,
      ...published(365 * i),
      ...folder,
      sortBy: 'published_at' as const,
      sortByMode: 'desc' as const,
      items: generalBlocks(`News from ${2026 - i}`),
    })),
  );
  for (const [y, year] of years.entries()) {
    const count = Math.floor(articles / 12) + (y < articles % 12 ? 1 : 0);
    await tree.add(
      year,
      Array.from({ length: count }, (_, n) => {
        const name = `Story ${2026 - y}-${n + 1}`;
        return {
          name,
          ...published(365 * y + (n % 360)),
          items: n < 2 ? newsBlocks(name, 7 + n) : briefBlocks(name),
        };
      }),
    );
  }

  const forms = FORM_NAMES.map((name, i) =>
    enquiryFormRow(responseHandles[i]!, name, { ...published(100 + i), sortOrder: i + 1 }),
  );
  forms[8] = { ...forms[8]!, isAllowedChildren: true };
  const [, , , , , , , , testDrive] = await db.insert(pages).values(forms).returning({ id: pages.id });
  await db.insert(pages).values(
    brandRows.slice(0, 3).map((b, i) => ({
      kind: 'form' as const,
      name: `${b.name} Test Drive`,
      slug: `${slugify(b.name)}-test-drive`,
      brandId: b.id,
      meta: { title: `${b.name} Test Drive`, description: 'Book a test drive.' },
      ...published(50),
      // The brand's own test drive offers only the brand's dealerships.
      items: testDriveItems('brand'),
      emails: enquiryFormEmails('test-drive', 'Test Drive'),
      thankYou: { title: 'Thank you', description: 'We will call you to arrange your test drive.' },
      parentId: testDrive!.id,
      sortOrder: i + 1,
    })),
  );
  // Fresh statistics, so the first queries on a large tree plan with its real size.
  await db.execute(sql`analyze pages`);
  await db.execute(sql`analyze page_search`);
}
