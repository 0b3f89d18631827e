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
import { isGroupWide, type Scope } from '@/shared/access';
import { missingRecord } from '@/shared/missing';
import { constraintOf, databaseErrorCode, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION } from '../db/errors';
import type { Db } from '../db/open';
import {
  brandSelectable,
  dealershipColumns,
  dealershipSlugs,
  dealershipsListing,
  dealershipsOrder,
  findDealership,
  findDealershipRow,
  imageFields,
  listVehicleDealers,
  parseDateTime,
  publishedAtFor,
  vehicleDealerExists,
} from '../domain/dealerships';
import { recordRevision } from '../domain/history/record';
import { checkRecordMedia, saveRecordMedia } from '../domain/media/recordImages';
import { createRecord, type RecordMessages, saveVersioned } from '../domain/records';
import { slugTaken } from '../domain/slugs';
import { readTogether, transaction } from '../domain/transaction';
import { registerBin, registerList } from '../http/area';
import { type HttpError, invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const SLUG_IN_USE = 'That slug is already in use.';
const CHOOSE_BRAND = 'Choose a brand from the list.';
const CHOOSE_DEALER = 'Choose a stock feed dealer from the list.';

/** The dealership being edited, as the rules need it. */
type Editing = { id: number; brandId: number | null };

/** A write the database refused for the client's reason: the same 422 the checks give. */
function refusedWrite(error: unknown): HttpError | null {
  const code = databaseErrorCode(error);
  if (code === UNIQUE_VIOLATION && constraintOf(error) === 'dealerships_slug_unique') {
    return invalid({ slug: SLUG_IN_USE });
  }
  // The brand or stock-feed dealer was deleted forever between the check and the write.
  if (code === FOREIGN_KEY_VIOLATION) {
    return constraintOf(error).includes('brand_id')
      ? invalid({ brand_id: CHOOSE_BRAND })
      : invalid({ vehicles_dealer_id: CHOOSE_DEALER });
  }
  return null;
}

const messages: RecordMessages = {
  notFound: missingRecord('dealership'),
  conflict: 'Someone else changed this dealership since you opened it. Reload to see their changes.',
  refused: refusedWrite,
};

export function dealershipsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  /**
   * Rules the schema cannot know: a unique slug, a brand and dealer that exist, a real calendar
   * date (the images are checked as they are saved). `current` is the dealership being edited.
   */
  async function checkRules(body: DealershipValues, scope: Scope, current?: Editing, q: Db = db) {
    const dealer = body.vehicles_dealer_id;
    const [taken, brandOk, dealerOk] = await readTogether(q, [
      () => slugTaken(q, dealershipSlugs, body.slug, current?.id),
      () => brandAllowed(q, body.brand_id, scope, current),
      () => (dealer === null ? true : vehicleDealerExists(q, dealer)),
    ]);
    const errors: Record<string, string> = {};
    if (taken) errors.slug = SLUG_IN_USE;
    if (!brandOk) errors.brand_id = CHOOSE_BRAND;
    if (!dealerOk) errors.vehicles_dealer_id = CHOOSE_DEALER;
    if (body.published_at && !parseDateTime(body.published_at)) {
      errors.published_at = 'Enter a publish date and time.';
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /**
   * The brand a dealership may be put under: one that exists (or the one it has), and for a scoped
   * user one of their brands, or the one it already has: nobody puts a dealership out of their reach.
   */
  async function brandAllowed(q: Db, brandId: number | null, scope: Scope, current?: Editing) {
    const kept = current !== undefined && brandId === current.brandId;
    if (!isGroupWide(scope) && !kept && (brandId === null || !scope.brand_ids.includes(brandId)))
      return false;
    return brandId === null ? true : brandSelectable(q, brandId, current?.brandId ?? null);
  }

  registerList(app, dealershipsList, { db, key: 'dealerships', source: dealershipsListing });
  registerBin(app, {
    db,
    source: dealershipsListing,
    singular: 'dealership',
    calls: { remove: dealershipsDelete, restore: dealershipsRestore, sort: dealershipsSort },
  });

  registerCall(app, dealershipsShow, async ({ params, user }) => {
    const dealership = await findDealership(db, params.id, user.access.scope);
    if (!dealership) throw notFound(messages.notFound);
    return { data: dealership };
  });

  registerCall(app, dealershipsValidation, async ({ body, user }) => {
    let current: Editing | undefined;
    if (body.id !== undefined) {
      const row = await findDealershipRow(db, body.id, user.access.scope);
      if (!row) throw notFound(messages.notFound);
      current = { id: row.id, brandId: row.brandId };
    }
    await checkRules(body, user.access.scope, current);
    await checkRecordMedia(db, 'dealerships', current?.id, imageFields(body), user.access.scope);
    return { valid: true as const };
  });

  registerCall(app, dealershipsCreate, async ({ body, user }) => {
    await checkRules(body, user.access.scope);
    const id = await transaction(db, async (tx) => {
      const { id } = await createRecord(
        tx,
        dealershipsListing.lifecycle,
        dealershipColumns(body, publishedAtFor(body, null)),
        messages,
        { list: dealershipsOrder, scope: null },
      );
      await saveRecordMedia(tx, 'dealerships', id, imageFields(body), user.access.scope);
      await recordRevision(tx, 'dealerships', 'created', id);
      return id;
    });
    return { id, message: 'You have added a new dealership.' };
  });

  registerCall(app, dealershipsUpdate, async ({ params, body, user }) => {
    const id = await transaction(db, async (tx) => {
      const { id } = await saveVersioned(tx, dealershipsListing.lifecycle, {
        id: params.id,
        loadedAt: body.updated_at,
        find: (id) => findDealershipRow(tx, id, user.access.scope),
        check: (current) =>
          checkRules(body, user.access.scope, { id: current.id, brandId: current.brandId }, tx),
        values: (current) => dealershipColumns(body, publishedAtFor(body, current.publishedAt)),
        messages,
        inTransaction: true,
      });
      await saveRecordMedia(tx, 'dealerships', id, imageFields(body), user.access.scope);
      await recordRevision(tx, 'dealerships', 'updated', id);
      return id;
    });
    return { id, message: 'You have updated a dealership.' };
  });

  registerCall(app, vehicleDealersList, async () => ({ data: await listVehicleDealers(db) }));
}
