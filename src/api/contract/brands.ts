import { z } from 'zod';
import {
  bool,
  id,
  idParams,
  listQuery,
  paginator,
  perPageQuery,
  requiredText,
  savedResponse,
  slug,
  timestamp,
  updatedAtField,
  validationPassed,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';
import { optionalMediaId, recordImage } from './images';
import { lifecycleCalls } from './lifecycle';

export const manufacturerType = z.enum(['Car', 'LCV'], 'Choose Car or LCV.');
export type ManufacturerType = z.infer<typeof manufacturerType>;

/** A vehicle make as the stock feed knows it; `code` is what a brand stores (0 means none). */
export const manufacturer = z.object({
  name: z.string(),
  code: z.number().int(),
  type: manufacturerType,
});
export type Manufacturer = z.infer<typeof manufacturer>;

/** A make as a brand names it: the make its code stands for, without the type its field implies. */
export const manufacturerRef = manufacturer.pick({ name: true, code: true });
export type ManufacturerRef = z.infer<typeof manufacturerRef>;

export const brand = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  live: z.boolean(),
  is_fake: z.boolean(),
  /** Manufacturer codes; 0 means none. */
  manufacturer_id: z.number().int(),
  lcv_manufacturer_id: z.number().int(),
  /** The logo, a library image. */
  logo: recordImage.nullable(),
  manufacturer: manufacturerRef.nullable(),
  lcvManufacturer: manufacturerRef.nullable(),
  code: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type Brand = z.infer<typeof brand>;

/** A manufacturer code chosen from a select: blank or none is 0. */
const manufacturerCode = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
  z.number('Choose a manufacturer.').int('Choose a manufacturer.').min(0, 'Choose a manufacturer.'),
);

/** The brand form (spec §2 Brands). The same schema validates in the console and on the server. */
export const brandFields = z.object({
  name: requiredText('Enter a name.'),
  slug,
  live: bool.default(false),
  is_fake: bool.default(false),
  manufacturer_id: manufacturerCode,
  lcv_manufacturer_id: manufacturerCode,
  /** The logo: a library item's id, or nothing. */
  logo: optionalMediaId,
});
export const brandCreateSchema = brandFields;
export const brandUpdateSchema = brandFields.extend({ updated_at: updatedAtField });
/** What brands/validation checks; `id` names the brand being edited, so its own slug is not a clash. */
export const brandValidationSchema = brandUpdateSchema.extend({ id: id.optional() });
export type BrandInput = z.input<typeof brandFields>;
export type BrandValues = z.output<typeof brandFields>;
export type BrandUpdateInput = z.input<typeof brandUpdateSchema>;

export const brandsQuery = listQuery.extend(perPageQuery.shape);

export const brandsList = defineCall({
  method: 'GET',
  path: 'brands',
  query: brandsQuery,
  response: z.object({ brands: paginator(brand), trashed: paginator(brand) }),
  summary: 'Active brands and the bin, searched and paged; perPage=-1 puts every row on one page',
});

export const brandsOptions = defineCall({
  method: 'GET',
  path: 'brands/list',
  // Shape not shown by the spec: every active brand as a select option, in sort order.
  response: z.object({
    data: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  }),
  summary: 'Every active brand as a select option',
});

export const brandsShow = defineCall({
  method: 'GET',
  path: 'brands/show/:id',
  params: idParams,
  response: z.object({ data: brand }),
  summary: 'One brand',
});

export const brandsValidation = defineCall({
  method: 'POST',
  path: 'brands/validation',
  body: brandValidationSchema,
  response: validationPassed,
  summary: 'Checks brand fields without saving (pass `id` when editing)',
});

export const brandsCreate = defineCall({
  method: 'POST',
  path: 'brands/create',
  body: brandCreateSchema,
  response: savedResponse,
  summary: 'Creates a brand',
});

export const brandsUpdate = defineCall({
  method: 'POST',
  path: 'brands/update/:id',
  params: idParams,
  body: brandUpdateSchema,
  response: savedResponse,
  summary: 'Updates a brand; a stale updated_at gets 409',
});

/** The bin's calls; exported as `bin`, they make this a lifecycle area. */
export const bin = lifecycleCalls('brands', 'brand');
export const brandsSort = bin.sort;

export const brandsDelete = bin.remove;

export const brandsRestore = bin.restore;

export const manufacturersList = defineCall({
  method: 'GET',
  path: 'manufacturers',
  query: z.object({ type: manufacturerType }),
  response: z.object({ data: z.array(manufacturer) }),
  summary: 'Car or LCV manufacturers for the brand form',
});

/** Every call of this area, under the name the console's `api.brands` gives it. */
/** The revisions of one record: `brands/history` and `brands/history/show`. */
export const { history: brandsHistory, historyShow: brandsHistoryShow } = historyCalls('brands', brand);

export const calls = {
  history: brandsHistory,
  historyShow: brandsHistoryShow,
  list: brandsList,
  options: brandsOptions,
  show: brandsShow,
  validate: brandsValidation,
  create: brandsCreate,
  update: brandsUpdate,
  sort: brandsSort,
  delete: brandsDelete,
  restore: brandsRestore,
  manufacturers: manufacturersList,
};
