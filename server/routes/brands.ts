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
import { isGroupWide } from '@/shared/access';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../db/open';
import { forbidden } from '../domain/access/require';
import {
  brandColumns,
  brandOptions,
  brandSlugs,
  brandsListing,
  brandsOrder,
  findBrand,
  findBrandRow,
  listManufacturers,
  manufacturerExists,
} from '../domain/brands';
import { recordRevision } from '../domain/history/record';
import { checkRecordMedia, saveRecordMedia } from '../domain/media/recordImages';
import { createRecord, type RecordMessages, saveVersioned, uniqueField } from '../domain/records';
import { slugTaken } from '../domain/slugs';
import { readTogether, transaction } from '../domain/transaction';
import { registerBin, registerList } from '../http/area';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

const SLUG_IN_USE = 'That slug is already in use.';
const GROUP_BRANDS =
  'A new brand belongs to the whole group: only a user with the whole group in their scope can add one.';
const messages: RecordMessages = {
  notFound: missingRecord('brand'),
  conflict: 'Someone else changed this brand since you opened it. Reload to see their changes.',
  // Two people saving the same slug at once: the unique index decides.
  refused: uniqueField('brands_slug_unique', 'slug', SLUG_IN_USE),
};

export function brandsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  /** Rules the schema cannot know: a unique slug, makes that exist (the logo is checked as it is saved). */
  async function checkRules(body: BrandValues, id?: number, q: Db = db) {
    const [taken, car, lcv] = await readTogether(q, [
      () => slugTaken(q, brandSlugs, body.slug, id),
      () => manufacturerExists(q, 'Car', body.manufacturer_id),
      () => manufacturerExists(q, 'LCV', body.lcv_manufacturer_id),
    ]);
    const errors: Record<string, string> = {};
    if (taken) errors.slug = SLUG_IN_USE;
    if (!car) errors.manufacturer_id = 'Choose a manufacturer from the list.';
    if (!lcv) errors.lcv_manufacturer_id = 'Choose an LCV manufacturer from the list.';
    if (Object.keys(errors).length) throw invalid(errors);
  }

  registerList(app, brandsList, { db, key: 'brands', source: brandsListing });
  registerBin(app, {
    db,
    source: brandsListing,
    singular: 'brand',
    calls: { remove: brandsDelete, restore: brandsRestore, sort: brandsSort },
  });

  registerCall(app, brandsOptions, async ({ user }) => ({ data: await brandOptions(db, user.access.scope) }));

  registerCall(app, brandsShow, async ({ params, user }) => {
    const brand = await findBrand(db, params.id, user.access.scope);
    if (!brand) throw notFound(messages.notFound);
    return { data: brand };
  });

  registerCall(app, brandsValidation, async ({ body, user }) => {
    if (body.id !== undefined && !(await findBrandRow(db, body.id, user.access.scope))) {
      throw notFound(messages.notFound);
    }
    await checkRules(body, body.id);
    await checkRecordMedia(db, 'brands', body.id, { logo: body.logo }, user.access.scope);
    return { valid: true as const };
  });

  // A new brand is outside every scoped user's brands: only a group-wide user adds one.
  registerCall(app, brandsCreate, async ({ body, user }) => {
    if (!isGroupWide(user.access.scope)) throw forbidden(GROUP_BRANDS);
    await checkRules(body);
    const id = await transaction(db, async (tx) => {
      const { id } = await createRecord(tx, brandsListing.lifecycle, brandColumns(body), messages, {
        list: brandsOrder,
        scope: null,
      });
      await saveRecordMedia(tx, 'brands', id, { logo: body.logo }, user.access.scope);
      await recordRevision(tx, 'brands', 'created', id);
      return id;
    });
    return { id, message: 'You have added a new brand.' };
  });

  registerCall(app, brandsUpdate, async ({ params, body, user }) => {
    const id = await transaction(db, async (tx) => {
      const { id } = await saveVersioned(tx, brandsListing.lifecycle, {
        id: params.id,
        loadedAt: body.updated_at,
        find: (id) => findBrandRow(tx, id, user.access.scope),
        check: () => checkRules(body, params.id, tx),
        values: () => brandColumns(body),
        messages,
        inTransaction: true,
      });
      await saveRecordMedia(tx, 'brands', id, { logo: body.logo }, user.access.scope);
      await recordRevision(tx, 'brands', 'updated', id);
      return id;
    });
    return { id, message: 'You have updated a brand.' };
  });

  registerCall(app, manufacturersList, async ({ query }) => ({
    data: await listManufacturers(db, query.type),
  }));
}
