import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type DealershipValues,
  dealershipsCreate,
  dealershipsDelete,
  dealershipsList,
  dealershipsRestore,
  dealershipsShow,
  dealershipsSort,
  dealershipsUpdate,
  dealershipsValidation,
  vehicleDealersList,
} from '@/api/contract/dealerships';
import { databaseErrorCode, UNIQUE_VIOLATION } from '../db/errors';
import type { Db } from '../db/open';
import { dealerships } from '../db/schema';
import {
  brandSelectable,
  dealershipColumns,
  dealershipSlugs,
  dealershipsLifecycle,
  findDealership,
  findDealershipRow,
  imagePaths,
  listDealerships,
  listVehicleDealers,
  parseDateTime,
  publishedAtFor,
  vehicleDealerExists,
} from '../domain/dealerships';
import { deletingFiles } from '../domain/files/cleanup';
import { dealershipFiles } from '../domain/files/references';
import { deleteRows, nextSortOrder, restoreRows, saveOrder } from '../domain/lifecycle';
import { pageSize, paginate } from '../domain/paginate';
import { slugTaken } from '../domain/slugs';
import { isStoredFile, type Storage } from '../domain/storage';
import { HttpError, invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const NOT_FOUND = 'The dealership you are trying to locate clearly doesn\u2019t exist...';
const SLUG_IN_USE = 'That slug is already in use.';
const CHOOSE_BRAND = 'Choose a brand from the list.';
const CHOOSE_DEALER = 'Choose a stock feed dealer from the list.';
const conflict = () =>
  new HttpError(
    409,
    'Someone else changed this dealership since you opened it. Reload to see their changes.',
  );

const FOREIGN_KEY_VIOLATION = '23503';

/** The dealership being edited, as the rules need it. */
type Editing = { id: number; brandId: number | null };

/** The constraint a failed write broke; drivers put it on the error or on its cause. */
function constraintOf(error: unknown): string {
  const own = (error as { constraint?: unknown } | null)?.constraint;
  const cause = (error as { cause?: { constraint?: unknown } } | null)?.cause?.constraint;
  return String(own ?? cause ?? '');
}

/** A write the database refused for the client's reason: the same 422 the checks give. */
function refusedWrite(error: unknown): HttpError | null {
  const code = databaseErrorCode(error);
  if (code === UNIQUE_VIOLATION) return invalid({ slug: SLUG_IN_USE });
  // The brand or stock-feed dealer was deleted forever between the check and the write.
  if (code === FOREIGN_KEY_VIOLATION) {
    return constraintOf(error).includes('brand_id')
      ? invalid({ brand_id: CHOOSE_BRAND })
      : invalid({ vehicles_dealer_id: CHOOSE_DEALER });
  }
  return null;
}

export function dealershipsRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;

  /**
   * Rules the schema cannot know: a unique slug, a brand and dealer that exist, a real calendar
   * date, and images that were really uploaded. `current` is the dealership being edited.
   */
  async function checkRules(body: DealershipValues, current?: Editing) {
    const images = imagePaths(body);
    const [taken, brandOk, dealerOk, stored] = await Promise.all([
      slugTaken(db, dealershipSlugs, body.slug, current?.id),
      body.brand_id === null ? true : brandSelectable(db, body.brand_id, current?.brandId ?? null),
      body.vehicles_dealer_id === null ? true : vehicleDealerExists(db, body.vehicles_dealer_id),
      Promise.all(images.map(([, path]) => isStoredFile(storage, path))),
    ]);
    const errors: Record<string, string> = {};
    if (taken) errors.slug = SLUG_IN_USE;
    if (!brandOk) errors.brand_id = CHOOSE_BRAND;
    if (!dealerOk) errors.vehicles_dealer_id = CHOOSE_DEALER;
    if (body.published_at && !parseDateTime(body.published_at)) {
      errors.published_at = 'Enter a publish date and time.';
    }
    images.forEach(([key], i) => {
      if (!stored[i]) errors[key] = 'Upload the image again.';
    });
    if (Object.keys(errors).length) throw invalid(errors);
  }

  registerCall(app, dealershipsList, async ({ query, raw }) => {
    const perPage = pageSize(query.perPage);
    const page = perPage === -1 ? 1 : query.page;
    const [active, trashed] = await Promise.all([
      listDealerships(db, { search: query.search, page, perPage, trashed: false }),
      listDealerships(db, { search: query.search, page, perPage, trashed: true }),
    ]);
    return {
      dealerships: paginate(raw, active.rows, active.total, page, perPage),
      trashed: paginate(raw, trashed.rows, trashed.total, page, perPage),
    };
  });

  registerCall(app, dealershipsShow, async ({ params }) => {
    const dealership = await findDealership(db, params.id);
    if (!dealership) throw notFound(NOT_FOUND);
    return { data: dealership };
  });

  registerCall(app, dealershipsValidation, async ({ body }) => {
    let current: Editing | undefined;
    if (body.id !== undefined) {
      const row = await findDealershipRow(db, body.id);
      if (!row) throw notFound(NOT_FOUND);
      current = { id: row.id, brandId: row.brandId };
    }
    await checkRules(body, current);
    return { valid: true as const };
  });

  registerCall(app, dealershipsCreate, async ({ body }) => {
    await checkRules(body);
    try {
      const [row] = await db
        .insert(dealerships)
        .values({
          ...dealershipColumns(body, publishedAtFor(body, null)),
          sortOrder: nextSortOrder(dealershipsLifecycle),
        })
        .returning({ id: dealerships.id });
      return { id: row!.id, message: 'You have added a new dealership.' };
    } catch (error) {
      throw refusedWrite(error) ?? error;
    }
  });

  registerCall(app, dealershipsUpdate, async ({ params, body }) => {
    const current = await findDealershipRow(db, params.id);
    if (!current) throw notFound(NOT_FOUND);
    if (body.updated_at && new Date(body.updated_at).getTime() !== current.updatedAt.getTime()) {
      throw conflict();
    }
    await checkRules(body, { id: current.id, brandId: current.brandId });
    try {
      const [row] = await db
        .update(dealerships)
        .set({
          ...dealershipColumns(body, publishedAtFor(body, current.publishedAt)),
          updatedAt: new Date(),
        })
        // The version is checked again in the write itself: another save may have landed since the read.
        .where(
          and(
            eq(dealerships.id, params.id),
            body.updated_at ? eq(dealerships.updatedAt, current.updatedAt) : undefined,
          ),
        )
        .returning({ id: dealerships.id });
      if (!row) throw body.updated_at ? conflict() : notFound(NOT_FOUND);
      return { id: row.id, message: 'You have updated a dealership.' };
    } catch (error) {
      throw refusedWrite(error) ?? error;
    }
  });

  registerCall(app, dealershipsSort, async ({ body }) => {
    await saveOrder(db, dealershipsLifecycle, body.dealerships);
    return { message: 'The order of the dealerships has been saved.' };
  });

  registerCall(app, dealershipsDelete, async ({ body }) => {
    const n = await deletingFiles(
      { db, storage, area: dealershipFiles, ids: body.dealerships, forever: body.type === 'trashed' },
      () => deleteRows(db, dealershipsLifecycle, body.dealerships, body.type),
    );
    return {
      message:
        body.type === 'trashed'
          ? `Deleted ${n} dealership(s) forever.`
          : `Moved ${n} dealership(s) to the bin.`,
    };
  });

  registerCall(app, dealershipsRestore, async ({ body }) => {
    const n = await restoreRows(db, dealershipsLifecycle, body.dealerships);
    return { message: `Restored ${n} dealership(s).` };
  });

  registerCall(app, vehicleDealersList, async () => ({ data: await listVehicleDealers(db) }));
}
