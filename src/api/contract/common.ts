import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '@/shared/search';
import { plainMessage } from './messages';

const MAX_ID = 2_147_483_647;
const ID_MESSAGE = 'Use a whole number from 1.';

/** A record id sent as a number, refused with `message`: a whole number from 1 that fits the database. */
export function idNumber(message: string) {
  // Past the safe integers the whole-number check fails as well: it is skipped then, so the message shows once.
  const whole = { error: message, when: (payload: { issues: unknown[] }) => payload.issues.length === 0 };
  return z.number(message).max(MAX_ID, message).int(whole).positive(message);
}

/**
 * A record id: a positive whole number that fits the database's integer ids. Strings (paths,
 * query strings, form data) must be its plain decimal spelling, so `0x10`, `1e1`, `+1`, `01` or
 * ` 1` name no record instead of quietly naming another one.
 */
export const id = z.union(
  [
    idNumber(ID_MESSAGE),
    z
      .string(ID_MESSAGE)
      .regex(/^[1-9][0-9]{0,9}$/, ID_MESSAGE)
      .transform(Number)
      .pipe(z.number().max(MAX_ID, ID_MESSAGE)),
  ],
  // A missing id keeps the shared 'This field is required.' sentence.
  { error: (issue) => (issue.input === undefined ? undefined : ID_MESSAGE) },
);

export const idParams = z.object({ id });

/** `?id=` on the calls that take the id in the query (pages/show?id, ...). */
export const idQuery = z.object({ id });

/** ISO 8601 date-time as the API sends it. */
export const timestamp = z.string();

/**
 * A paginator's `page` query, read as Laravel reads it: anything but a whole number from 1 (`0`,
 * `-2`, `abc`, `2.5`, nothing) is page 1; a page past the last answers an empty page.
 */
const pageOrFirst = z.coerce.number<number | string>().int().min(1).catch(1);
export const pageNumber = pageOrFirst.default(1);

/** A `page` that may be left out (a list that pages itself only when asked): read as `pageNumber`. */
export const optionalPageNumber = pageOrFirst.optional();

/** Laravel's `search` and `page` query (page starts at 1). */
export const listQuery = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional().default(''),
  page: pageNumber,
});

/** `perPage=-1` asks for every record (spec §9). */
export const perPageQuery = z.object({
  perPage: z.coerce.number().int().min(-1).max(500).optional(),
});

/**
 * One entry of a paginator's `links`, as Laravel's LengthAwarePaginator sends them: '&laquo;
 * Previous', the page numbers (with '...' where pages are left out) and 'Next &raquo;'; `url` is
 * null where there is nowhere to go.
 */
export const paginatorLink = z.object({ url: z.string().nullable(), label: z.string(), active: z.boolean() });
export type PaginatorLink = z.infer<typeof paginatorLink>;

/** Laravel's length-aware paginator, the shape every paged list uses. */
export function paginator<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
    path: z.string(),
    first_page_url: z.string(),
    last_page_url: z.string(),
    prev_page_url: z.string().nullable(),
    next_page_url: z.string().nullable(),
    links: z.array(paginatorLink),
  });
}
export type Paginator<T> = {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
  path: string;
  first_page_url: string;
  last_page_url: string;
  prev_page_url: string | null;
  next_page_url: string | null;
  links: PaginatorLink[];
};

/** Every failure body carries a message a person can read. */
export const messageResponse = z.object({ message: z.string() });

/** 422: field errors keyed by dotted path (`social.facebook`), Laravel's shape. */
export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorResponse>;

/** Validation endpoints answer this when the data passes. */
export const validationPassed = z.object({ valid: z.literal(true) });

/** create/update answer with the record's id: "data.id signals success". */
export const savedResponse = z.object({ id: z.number().int(), message: z.string() });

/**
 * A builder's store or update answer: beside the id, the `updated_at` the record now has, which the
 * editor carries into its next save.
 */
export const versionSavedResponse = savedResponse.extend({ updated_at: timestamp });

/** Bulk delete carries the view it was made from: `all` moves to the bin, `trashed` deletes forever. */
export const lifecycleType = z.enum(['all', 'trashed']);

/** A file the server stored: its public path (under /storage) and original name. */
export const storedFile = z.object({ path: z.string(), name: z.string() });
export type StoredFile = z.infer<typeof storedFile>;

/** 0/1 flags as the spec stores them; accepts booleans and "0"/"1" from forms. */
export const flag = z.preprocess(
  (v) => {
    if (v === true || v === 'true' || v === '1') return 1;
    if (v === false || v === 'false' || v === '0') return 0;
    return v;
  },
  z.union([z.literal(0), z.literal(1)]),
);

/** An e-mail address, trimmed; an empty one gets its own message. */
export const emailField = z
  .string({ error: 'Enter an e-mail address.' })
  .trim()
  .min(1, 'Enter an e-mail address.')
  .max(255, 'Use at most 255 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

// Missing fields read as a sentence, the same in the console and in the API's 422s; every other
// check without a message of its own reads in the product's words, never zod's default English.
z.config({
  customError: (issue) => (issue.input === undefined ? 'This field is required.' : undefined),
  localeError: plainMessage,
});

/**
 * A 0/1 flag in an answer. Answers are encoded by the server, and encoding refuses one-way
 * transforms, so entities use this plain form and forms use `flag`.
 */
export const flagValue = z.union([z.literal(0), z.literal(1)]);

/** Blank form values (missing, null, or only spaces) mean nothing was entered. */
const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A boolean the spec stores as true/false; accepts "true"/"1"/"on" and their opposites from forms. */
export const bool = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === true || v === 1 || v === 'true' || v === '1' || v === 'on') return true;
    if (v === false || v === 0 || v === 'false' || v === '0' || v === 'off') return false;
    return isBlank(v) ? undefined : v;
  })
  .pipe(z.boolean('Choose yes or no.'));

/** Text a person must enter: trimmed, at least one character. */
export function requiredText(message: string, max = 255) {
  return z.string(message).trim().min(1, message).max(max, `Use at most ${max} characters.`);
}

/**
 * Whether a blank field may also be left out of the body (`optional`, as a form sends it) or must
 * be given, blank or not (`given`, for a call that replaces a whole record: a field left out would
 * otherwise be wiped without anyone asking for it).
 */
export type Presence = 'optional' | 'given';

/** Text that may be left blank; blank is stored as null (null is accepted back, so parsing twice is safe). */
export function optionalText(max = 255, presence: Presence = 'optional') {
  const text = z.string().trim().max(max, `Use at most ${max} characters.`);
  return (presence === 'given' ? text.nullable() : text.nullish()).transform((v) => (v ? v : null));
}

/** A number typed into a form: blank means nothing was entered, so `schema` decides (required, default...). */
export function numeric<T extends z.ZodType<unknown, number | undefined>>(
  schema: T,
  presence: Presence = 'optional',
) {
  const typed = z.union([z.number(), z.string()]);
  return (presence === 'given' ? typed.nullable() : typed.nullish())
    .transform((v) => (isBlank(v) ? undefined : typeof v === 'string' ? Number(v.trim()) : v))
    .pipe(schema);
}

/** A chosen record that may be none: blank and 0 arrive as null. */
export const optionalId = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (isBlank(v) || v === 0 || v === '0' ? null : v))
  .pipe(id.nullable());

/** A group of fields that may arrive missing: it is parsed as {} so errors land on its fields (meta.title). */
export function fieldGroup<T extends z.ZodObject>(schema: T, presence: Presence = 'optional') {
  // The empty object is parsed like any input, not trusted; it only stands in for a missing group.
  return presence === 'given' ? schema : schema.prefault({} as z.input<T>);
}

/** A bulk selection of ids, as users/delete and its peers carry it. */
export function idList(noun: string) {
  return z
    .array(id)
    .min(1, `Select at least one ${noun}.`)
    .max(1000, `Select at most 1000 ${noun}s at once.`);
}

/** `{id, name}` pairs for selects (perPage=-1 lists, picker options). */
export const option = z.object({ id: z.number().int(), name: z.string() });
export type Option = z.infer<typeof option>;

/** Calendar day, `YYYY-MM-DD`. */
export const isoDate = (message = 'Enter a date.') => z.iso.date(message);

/**
 * A date-time (ISO 8601, with or without an offset) that may be left blank, stored as null. A
 * space between date and time (as SQL writes it) is read as `T`, as the spec's forms send it.
 */
export const optionalDateTime = (message = 'Enter a date and time.') =>
  z
    .string(message)
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(' ', 'T') : null))
    .pipe(z.iso.datetime({ local: true, offset: true, error: message }).nullable());

/** URL-safe slug: lowercase words joined by hyphens. */
export const slug = z
  .string('Enter a slug.')
  .trim()
  .min(1, 'Enter a slug.')
  .max(255, 'Use at most 255 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, numbers and hyphens only.');

/** The `updated_at` an editor loaded; the server answers 409 when the record changed since. */
export const updatedAtField = timestamp.optional();
