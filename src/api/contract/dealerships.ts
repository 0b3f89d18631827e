import { z } from 'zod';
import {
  bool,
  emailField,
  fieldGroup,
  id,
  idParams,
  listQuery,
  numeric,
  option,
  optionalDateTime,
  optionalId,
  optionalText,
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
import { mediaIds, recordImage } from './images';
import { lifecycleCalls } from './lifecycle';

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** One value per day of the week, e.g. '9:00 - 17:30' or 'Closed'. */
const week = <T extends z.ZodType>(day: T) =>
  z.object({
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
    sunday: day,
  });

export const address = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  county: z.string(),
  lat: z.number(),
  lng: z.number(),
});

export const openingTimes = z.object({
  department: z.string(),
  days: week(z.string().nullable()),
});

export const teamMember = z.object({
  name: z.string(),
  content: z.string().nullable(),
  image: z.array(recordImage),
});

export const dealership = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  copy: z.string().nullable(),
  /** True when published_at is set. */
  live: z.boolean(),
  brand_id: z.number().int().nullable(),
  brand: z
    .object({
      id: z.number().int(),
      name: z.string(),
      logo: recordImage.nullable(),
    })
    .nullable(),
  vehicles_dealer_id: z.number().int().nullable(),
  /** The banner and dealership images, library images (at most one each). */
  banner_img: z.array(recordImage),
  dealer_img: z.array(recordImage),
  email: z.string(),
  telephone: z.string(),
  address,
  opening_times: z.array(openingTimes),
  team: z.array(teamMember),
  quotee_uid: z.string().nullable(),
  pinnacle_enquiry_id: z.string(),
  pinnacle_used_enquiry_id: z.string(),
  /** Where each enquiry and reservation of this dealership is sent as a lead (its CRM's addresses). */
  crm_emails: z.array(z.string()),
  /** How those leads are written: ADF/XML 1.0, or a plain e-mail. */
  crm_format: z.enum(['adf', 'email']),
  published_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type Dealership = z.infer<typeof dealership>;

/** At most one image in each image field (spec §5): library items' ids. */
const images = (what: string) => mediaIds(1, what);

const coordinate = (label: string, limit: number) =>
  numeric(
    z
      .number(`Enter the ${label}.`)
      .min(-limit, `Enter a ${label} between -${limit} and ${limit}.`)
      .max(limit, `Enter a ${label} between -${limit} and ${limit}.`),
  );

export const addressFields = z.object({
  address_line_1: requiredText('Enter the first line of the address.'),
  address_line_2: optionalText(),
  city: requiredText('Enter a city.'),
  county: requiredText('Enter a county.'),
  postcode: requiredText('Enter a postcode.', 10),
  lat: coordinate('latitude', 90),
  lng: coordinate('longitude', 180),
});

export const openingTimesFields = z.object({
  department: requiredText('Enter a department.'),
  days: fieldGroup(week(optionalText(100))),
});

export const teamMemberFields = z.object({
  name: requiredText('Enter a name.'),
  content: optionalText(5000),
  image: images('team image'),
});

export const crmFormats = ['adf', 'email'] as const;
export type CrmFormat = (typeof crmFormats)[number];

/** A dealership's CRM lead addresses: each a valid address, none twice, at most ten. */
export const crmEmailsField = z
  .array(emailField, 'Add the CRM lead addresses.')
  .max(10, 'Add at most 10 CRM lead addresses.')
  .default([])
  .superRefine((emails, ctx) => {
    const seen = new Set<string>();
    emails.forEach((email, i) => {
      const key = email.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i], message: 'This address is listed already.' });
      seen.add(key);
    });
  });

/** The dealership form (tabs General, Imagery, Contact Details, Team, Pinnacle), required per spec §5. */
export const dealershipFields = z.object({
  // General
  name: requiredText('Enter a name.'),
  slug,
  copy: optionalText(20_000),
  /** Live wins over published_at: live sets it (now, unless given) and not live clears it. */
  live: bool,
  brand_id: optionalId,
  vehicles_dealer_id: optionalId,
  published_at: optionalDateTime('Enter a publish date and time.'),
  // Imagery
  banner_img: images('banner image'),
  dealer_img: images('dealer image'),
  // Contact Details
  email: emailField,
  telephone: requiredText('Enter a telephone number.', 50).regex(
    /^\+?[0-9 ()-]{6,}$/,
    'Enter a valid telephone number.',
  ),
  address: fieldGroup(addressFields),
  opening_times: z
    .array(openingTimesFields, 'Add the opening times.')
    .min(1, 'Add the opening times.')
    .max(20, 'Add at most 20 sets of opening times.'),
  crm_emails: crmEmailsField,
  crm_format: z.enum(crmFormats, 'Choose ADF/XML or plain e-mail.').default('adf'),
  // Team
  team: z.array(teamMemberFields).max(100, 'Add at most 100 team members.').default([]),
  // Pinnacle
  quotee_uid: optionalText(100),
  pinnacle_enquiry_id: requiredText('Enter the Pinnacle enquiry id.', 100),
  pinnacle_used_enquiry_id: requiredText('Enter the Pinnacle used enquiry id.', 100),
});
export const dealershipCreateSchema = dealershipFields;
export const dealershipUpdateSchema = dealershipFields.extend({ updated_at: updatedAtField });
/** What dealerships/validation checks; `id` names the dealership being edited. */
export const dealershipValidationSchema = dealershipUpdateSchema.extend({ id: id.optional() });
export type DealershipInput = z.input<typeof dealershipFields>;
export type DealershipValues = z.output<typeof dealershipFields>;
export type DealershipUpdateInput = z.input<typeof dealershipUpdateSchema>;

export const vehicleDealer = option;
export type VehicleDealer = z.infer<typeof vehicleDealer>;

export const dealershipsList = defineCall({
  method: 'GET',
  path: 'dealerships',
  query: listQuery.extend(perPageQuery.shape),
  response: z.object({ dealerships: paginator(dealership), trashed: paginator(dealership) }),
  summary: 'Active dealerships and the bin, searched and paged',
});

export const dealershipsShow = defineCall({
  method: 'GET',
  path: 'dealerships/show/:id',
  params: idParams,
  response: z.object({ data: dealership }),
  summary: 'One dealership',
});

export const dealershipsValidation = defineCall({
  method: 'POST',
  path: 'dealerships/validation',
  body: dealershipValidationSchema,
  response: validationPassed,
  summary: 'Checks dealership fields without saving (pass `id` when editing)',
});

export const dealershipsCreate = defineCall({
  method: 'POST',
  path: 'dealerships/create',
  body: dealershipCreateSchema,
  response: savedResponse,
  summary: 'Creates a dealership',
});

export const dealershipsUpdate = defineCall({
  method: 'POST',
  path: 'dealerships/update/:id',
  params: idParams,
  body: dealershipUpdateSchema,
  response: savedResponse,
  summary: 'Updates a dealership; a stale updated_at gets 409',
});

/** The bin's calls; exported as `bin`, they make this a lifecycle area. */
export const bin = lifecycleCalls('dealerships', 'dealership');
export const dealershipsSort = bin.sort;

export const dealershipsDelete = bin.remove;

export const dealershipsRestore = bin.restore;

export const vehicleDealersList = defineCall({
  method: 'GET',
  path: 'vehicle-dealers',
  query: perPageQuery,
  // The stock feed's dealer list is short, so it is always answered whole (as perPage=-1 asks).
  response: z.object({ data: z.array(vehicleDealer) }),
  summary: 'Dealers known to the vehicle stock feed, for the dealership form',
});

/** Every call of this area, under the name the console's `api.dealerships` gives it. */
/** The revisions of one record: `dealerships/history` and `dealerships/history/show`. */
export const { history: dealershipsHistory, historyShow: dealershipsHistoryShow } = historyCalls(
  'dealerships',
  dealership,
);

export const calls = {
  history: dealershipsHistory,
  historyShow: dealershipsHistoryShow,
  list: dealershipsList,
  show: dealershipsShow,
  validate: dealershipsValidation,
  create: dealershipsCreate,
  update: dealershipsUpdate,
  sort: dealershipsSort,
  delete: dealershipsDelete,
  restore: dealershipsRestore,
  vehicleDealers: vehicleDealersList,
};
