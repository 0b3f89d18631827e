import { z } from 'zod';
import {
  emailField,
  id,
  idParams,
  listQuery,
  optionalStoredPath,
  optionalText,
  paginator,
  requiredText,
  savedResponse,
  timestamp,
  validationPassed,
} from './common';
import { defineCall } from './define';
import { lifecycleCalls } from './lifecycle';

export const userMeta = z.object({
  telephone: z.string().nullable().optional(),
  job_title: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
});

export const user = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  meta: userMeta,
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type User = z.infer<typeof user>;

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
  /** Path of a file stored through files/upload (handle `avatar`), or nothing. */
  avatar: optionalStoredPath('avatar', 'Upload the avatar again.'),
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
  });
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

export const usersList = defineCall({
  method: 'GET',
  path: 'users',
  query: listQuery,
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
