import { z } from 'zod';
import { scopeSchema } from './access';
import {
  bool,
  emailField,
  id,
  idParams,
  listQuery,
  optionalText,
  paginator,
  perPageQuery,
  requiredText,
  savedResponse,
  timestamp,
  validationPassed,
} from './common';
import { defineCall } from './define';
import { optionalMediaId, recordImage } from './images';
import { lifecycleCalls } from './lifecycle';

export const userMeta = z.object({
  telephone: z.string().nullable().optional(),
  job_title: z.string().nullable().optional(),
  /** The avatar, a library image. */
  avatar: recordImage.nullable().optional(),
});

export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  meta: userMeta,
  role_id: z.number().int(),
  /** The role they hold, named. */
  role: z.object({ id: z.number().int(), name: z.string() }),
  scope: scopeSchema,
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type User = z.infer<typeof user>;

const ROLE_MESSAGE = 'Choose a role.';
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** The role a user is given, chosen from a select. */
const roleChoice = z.preprocess(
  blank,
  z
    .unknown()
    .refine((v) => v !== undefined, ROLE_MESSAGE)
    .pipe(id),
);
/** On update a role left out keeps the current one. */
const optionalRoleChoice = z.preprocess(blank, id.optional());

/** A form's blank entries (the hidden one that makes the field present) are not ids. */
const withoutBlanks = (v: unknown) =>
  typeof v === 'string' ? (v === '' ? [] : [v]) : Array.isArray(v) ? v.filter((x) => x !== '') : v;

export const scopeIds = (noun: string) =>
  z.preprocess(
    withoutBlanks,
    z
      .array(id, `Choose ${noun} from the list.`)
      .max(500, `Choose at most 500 ${noun}.`)
      .default([])
      .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  );

export const CHOOSE_SCOPE = 'Choose at least one brand or dealership.';

/**
 * A scope sent with `chosen` (the form's "Chosen brands and dealerships") means the sender limited
 * it: nothing chosen is then refused under both lists, never read as the whole group. `at` is where
 * the lists sit in the body.
 */
export function refuseEmptyChoice(
  value: { chosen?: boolean | undefined; brand_ids: number[]; dealership_ids: number[] },
  ctx: z.RefinementCtx,
  at: PropertyKey[] = [],
) {
  if (!value.chosen || value.brand_ids.length > 0 || value.dealership_ids.length > 0) return;
  for (const key of ['brand_ids', 'dealership_ids'])
    ctx.addIssue({ code: 'custom', message: CHOOSE_SCOPE, path: [...at, key] });
}

const scopeObject = z
  .object(
    {
      brand_ids: scopeIds('brands'),
      dealership_ids: scopeIds('dealerships'),
      /** Limited by choice: nothing chosen is refused rather than the whole group. */
      chosen: bool.optional(),
    },
    'Choose a scope.',
  )
  .superRefine((value, ctx) => refuseEmptyChoice(value, ctx))
  .transform(({ brand_ids, dealership_ids }) => ({ brand_ids, dealership_ids }));
/**
 * The scope as the form sends it: none chosen (or nothing sent) is the whole group, unless it
 * says `chosen`.
 */
export const scopeField = scopeObject.prefault({});

/** The user form (spec §2 Users). The same schema validates in the console and on the server. */
export const userFields = z.object({
  name: requiredText('Enter a name.'),
  email: emailField,
  telephone: optionalText(50),
  job_title: optionalText(255),
  password: z
    .string({ error: 'Enter a password.' })
    .min(1, 'Enter a password.')
    .min(8, 'Use at least 8 characters.')
    .max(200, 'Use at most 200 characters.'),
  /** The avatar: a library item's id, or nothing. */
  avatar: optionalMediaId,
  role_id: roleChoice,
  scope: scopeField,
});
export const userCreateSchema = userFields;
/** On update an empty password keeps the current one. */
export const userUpdateSchema = userFields.extend({
  password: z
    .string()
    .max(200, 'Use at most 200 characters.')
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(8, 'Use at least 8 characters.').optional()),
  role_id: optionalRoleChoice,
  /** Left out, the scope stays as it is; sent with nothing chosen (and not `chosen`), the whole group. */
  scope: scopeObject.optional(),
  /** Needed when you change your own e-mail or password; the server checks it. */
  current_password: z
    .string()
    .max(200, 'Use at most 200 characters.')
    .optional()
    .transform((v) => (v ? v : undefined)),
  updated_at: timestamp.optional(),
});
/** What users/validation checks: the create rules, or the update rules when `id` is given. */
export const userValidationSchema = userUpdateSchema
  .extend({ id: id.optional() })
  .superRefine((value, ctx) => {
    if (value.id === undefined && !value.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter a password.' });
    }
    if (value.id === undefined && value.role_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['role_id'], message: ROLE_MESSAGE });
    }
  });
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** The users list's query: search and page, and filters by role, brand and dealership. */
export const usersQuery = listQuery.extend(perPageQuery.shape).extend({
  role_id: id.optional().catch(undefined),
  brand_id: id.optional().catch(undefined),
  dealership_id: id.optional().catch(undefined),
});

export const usersList = defineCall({
  method: 'GET',
  path: 'users',
  query: usersQuery,
  response: z.object({ users: paginator(user), trashed: paginator(user) }),
  summary: 'Active users and the bin, searched and paged',
});

export const usersShow = defineCall({
  method: 'GET',
  path: 'users/show/:id',
  params: idParams,
  response: z.object({ data: user }),
  summary: 'One user',
});

export const usersValidation = defineCall({
  method: 'POST',
  path: 'users/validation',
  body: userValidationSchema,
  response: validationPassed,
  summary: 'Checks user fields without saving (pass `id` when editing)',
});

export const usersCreate = defineCall({
  method: 'POST',
  path: 'users/create',
  body: userCreateSchema,
  response: savedResponse,
  summary: 'Creates a user',
});

export const usersUpdate = defineCall({
  method: 'POST',
  path: 'users/update/:id',
  params: idParams,
  body: userUpdateSchema,
  response: savedResponse,
  summary: 'Updates a user; a stale updated_at gets 409',
});

/** The bin's calls; exported as `bin`, they make this a lifecycle area. */
export const bin = lifecycleCalls('users', 'user');
export const usersDelete = bin.remove;

export const usersRestore = bin.restore;

/** Every call of this area, under the name the console's `api.users` gives it. */
export const calls = {
  list: usersList,
  show: usersShow,
  validate: usersValidation,
  create: usersCreate,
  update: usersUpdate,
  delete: usersDelete,
  restore: usersRestore,
};
