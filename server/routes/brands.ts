import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type BrandValues,
  brandsCreate,
  brandsDelete,
  brandsList,
  brandsOptions,
  brandsRestore,
  brandsShow,
  brandsSort,
  brandsUpdate,
  brandsValidation,
  manufacturersList,
} from '@/api/contract/brands';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../db/errors';
import type { Db } from '../db/open';
import { brands } from '../db/schema';
import {
  brandOptions,
  brandSlugs,
  brandsLifecycle,
  findBrand,
  findBrandRow,
  listBrands,
  listManufacturers,
  manufacturerExists,
} from '../domain/brands';
import { deletingFiles } from '../domain/files/cleanup';
import { brandFiles } from '../domain/files/references';
import { deleteRows, nextSortOrder, restoreRows, saveOrder } from '../domain/lifecycle';
import { pageSize, paginate } from '../domain/paginate';
import { slugTaken } from '../domain/slugs';
import { isStoredFile, type Storage } from '../domain/storage';
import { HttpError, invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const NOT_FOUND = 'The brand you are trying to locate clearly doesn\u2019t exist...';
const SLUG_IN_USE = 'That slug is already in use.';
const conflict = () =>
  new HttpError(409, 'Someone else changed this brand since you opened it. Reload to see their changes.');

/** What a brand row stores from the form. */
function columns(body: BrandValues) {
  return {
    name: body.name,
    slug: body.slug,
    live: body.live,
    isFake: body.is_fake,
    manufacturerId: body.manufacturer_id,
    lcvManufacturerId: body.lcv_manufacturer_id,
    meta: { logo: body.logo },
  };
}

export function brandsRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;

  /** Rules the schema cannot know: a unique slug, makes that exist, a logo that was really uploaded. */
  async function checkRules(body: BrandValues, id?: number) {
    const [taken, car, lcv, logo] = await Promise.all([
      slugTaken(db, brandSlugs, body.slug, id),
      manufacturerExists(db, 'Car', body.manufacturer_id),
      manufacturerExists(db, 'LCV', body.lcv_manufacturer_id),
      body.logo ? isStoredFile(storage, body.logo) : true,
    ]);
    const errors: Record<string, string> = {};
    if (taken) errors.slug = SLUG_IN_USE;
    if (!car) errors.manufacturer_id = 'Choose a manufacturer from the list.';
    if (!lcv) errors.lcv_manufacturer_id = 'Choose an LCV manufacturer from the list.';
    if (!logo) errors.logo = 'Upload the logo again.';
    if (Object.keys(errors).length) throw invalid(errors);
  }

  registerCall(app, brandsList, async ({ query, raw }) => {
    const perPage = pageSize(query.perPage);
    const page = perPage === -1 ? 1 : query.page;
    const [active, trashed] = await Promise.all([
      listBrands(db, { search: query.search, page, perPage, trashed: false }),
      listBrands(db, { search: query.search, page, perPage, trashed: true }),
    ]);
    return {
      brands: paginate(raw, active.rows, active.total, page, perPage),
      trashed: paginate(raw, trashed.rows, trashed.total, page, perPage),
    };
  });

  registerCall(app, brandsOptions, async () => ({ data: await brandOptions(db) }));

  registerCall(app, brandsShow, async ({ params }) => {
    const brand = await findBrand(db, params.id);
    if (!brand) throw notFound(NOT_FOUND);
    return { data: brand };
  });

  registerCall(app, brandsValidation, async ({ body }) => {
    if (body.id !== undefined && !(await findBrandRow(db, body.id))) throw notFound(NOT_FOUND);
    await checkRules(body, body.id);
    return { valid: true as const };
  });

  registerCall(app, brandsCreate, async ({ body }) => {
    await checkRules(body);
    try {
      const [row] = await db
        .insert(brands)
        .values({ ...columns(body), sortOrder: nextSortOrder(brandsLifecycle) })
        .returning({ id: brands.id });
      return { id: row!.id, message: 'You have added a new brand.' };
    } catch (error) {
      // Two people adding the same slug at once: the unique index decides.
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw invalid({ slug: SLUG_IN_USE });
      throw error;
    }
  });

  registerCall(app, brandsUpdate, async ({ params, body }) => {
    const current = await findBrandRow(db, params.id);
    if (!current) throw notFound(NOT_FOUND);
    if (body.updated_at && new Date(body.updated_at).getTime() !== current.updatedAt.getTime()) {
      throw conflict();
    }
    await checkRules(body, params.id);
    try {
      const [row] = await db
        .update(brands)
        .set({ ...columns(body), updatedAt: new Date() })
        // The version is checked again in the write itself: another save may have landed since the read.
        .where(
          and(
            eq(brands.id, params.id),
            body.updated_at ? eq(brands.updatedAt, current.updatedAt) : undefined,
          ),
        )
        .returning({ id: brands.id });
      if (!row) throw body.updated_at ? conflict() : notFound(NOT_FOUND);
      return { id: row.id, message: 'You have updated a brand.' };
    } catch (error) {
      if (databaseErrorCode(error) === UNIQUE_VIOLATION) throw invalid({ slug: SLUG_IN_USE });
      throw error;
    }
  });

  registerCall(app, brandsSort, async ({ body }) => {
    await saveOrder(db, brandsLifecycle, body.brands);
    return { message: 'The order of the brands has been saved.' };
  });

  registerCall(app, brandsDelete, async ({ body }) => {
    const n = await deletingFiles(
      { db, storage, area: brandFiles, ids: body.brands, forever: body.type === 'trashed' },
      () => deleteRows(db, brandsLifecycle, body.brands, body.type),
    );
    return {
      message: body.type === 'trashed' ? `Deleted ${n} brand(s) forever.` : `Moved ${n} brand(s) to the bin.`,
    };
  });

  registerCall(app, brandsRestore, async ({ body }) => {
    const n = await restoreRows(db, brandsLifecycle, body.brands);
    return { message: `Restored ${n} brand(s).` };
  });

  registerCall(app, manufacturersList, async ({ query }) => ({
    data: await listManufacturers(db, query.type),
  }));
}
