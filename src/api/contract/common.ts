import { z } from 'zod';

/** A positive whole number that may arrive as a string (query strings, form data). */
export const id = z.coerce.number().int().positive();

export const idParams = z.object({ id });

/** `?id=` on the calls that take the id in the query (pages/show?id, ...). */
export const idQuery = z.object({ id });

/** ISO 8601 date-time as the API sends it. */
export const timestamp = z.string();

/** Laravel's `search` and `page` query (page starts at 1). */
export const listQuery = z.object({
  search: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** `perPage=-1` asks for every record (spec §9). */
export const perPageQuery = z.object({
  perPage: z.coerce.number().int().min(-1).max(500).optional(),
});

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

/** Bulk delete carries the view it was made from: `all` moves to the bin, `trashed` deletes forever. */
export const lifecycleType = z.enum(['all', 'trashed']);

/** A file the server stored: its public path (under /storage) and original name. */
export const storedFile = z.object({ path: z.string(), name: z.string() });
export type StoredFile = z.infer<typeof storedFile>;

/** 0/1 flags as the spec stores them; accepts booleans and "0"/"1" from forms. */
export const flag = z.preprocess((v) => {
  if (v === true || v === 'true' || v === '1') return 1;
  if (v === false || v === 'false' || v === '0') return 0;
  return v;
}, z.union([z.literal(0), z.literal(1)]));

/** An e-mail address, trimmed; an empty one gets its own message. */
export const emailField = z
  .string({ error: 'Enter an e-mail address.' })
  .trim()
  .min(1, 'Enter an e-mail address.')
  .max(255, 'Use at most 255 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

// Missing fields read as a sentence, the same in the console and in the API's 422s.
z.config({
  customError: (issue) => (issue.input === undefined ? 'This field is required.' : undefined),
});
