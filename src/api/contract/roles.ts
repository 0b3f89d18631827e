import { z } from 'zod';
import {
  accessActions,
  accessAreas,
  areaAccess,
  normalisePermissions,
  type Permissions,
} from '../../shared/access';
import { actionLabels, areaLabels } from '../../shared/accessLabels';
import { permissionsSchema } from './access';
import {
  id,
  idParams,
  listQuery,
  paginator,
  perPageQuery,
  requiredText,
  savedResponse,
  timestamp,
  updatedAtField,
  validationPassed,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';
import { lifecycleCalls } from './lifecycle';

const areaName = z.enum(accessAreas);
const actionName = z.enum(accessActions);

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: permissionsSchema,
  /** How many users (active or in the bin) hold it. */
  users_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
  deleted_at: timestamp.nullable(),
});
export type Role = z.infer<typeof role>;

/**
 * The matrix as a form sends it: each area an array of actions. An area or action the matrix has
 * no cell for is a field error on that area (`permissions.pages`); what passes is normalised
 * (catalogue order, each once, empty areas left out).
 */
export const permissionsField = z
  .record(
    z.string(),
    // A form posts one ticked box of a row as a string, several as an array.
    z.preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(z.string('Choose actions from the list.')).max(20),
    ),
    { error: 'Choose the permissions from the list.' },
  )
  .default({})
  .superRefine((value, ctx) => {
    for (const [area, actions] of Object.entries(value)) {
      if (!(accessAreas as readonly string[]).includes(area)) {
        ctx.addIssue({ code: 'custom', path: [area], message: 'There is no such area.' });
        continue;
      }
      const open = areaAccess[area as keyof typeof areaAccess].actions as readonly string[];
      const wrong = actions.filter((action) => !open.includes(action));
      if (wrong.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [area],
          message: `${areaLabels[area as keyof typeof areaLabels]} cannot be given: ${wrong.join(', ')}.`,
        });
      }
    }
  })
  .transform((value) => normalisePermissions(value as Permissions));

/** The role form. The same schema validates in the console and on the server. */
export const roleFields = z.object({
  name: requiredText('Enter a name.', 100),
  permissions: permissionsField,
});
export const roleCreateSchema = roleFields;
export const roleUpdateSchema = roleFields.extend({ updated_at: updatedAtField });
/** What roles/validation checks; `id` names the role being edited, so its own name is not a clash. */
export const roleValidationSchema = roleUpdateSchema.extend({ id: id.optional() });
export type RoleInput = z.input<typeof roleFields>;
export type RoleValues = z.output<typeof roleFields>;

export const rolesQuery = listQuery.extend(perPageQuery.shape);

export const rolesList = defineCall({
  method: 'GET',
  path: 'roles',
  query: rolesQuery,
  response: z.object({ roles: paginator(role), trashed: paginator(role) }),
  summary: 'Active roles and the bin, searched and paged; perPage=-1 puts every row on one page',
});

export const rolesShow = defineCall({
  method: 'GET',
  path: 'roles/show/:id',
  params: idParams,
  response: z.object({ data: role }),
  summary: 'One role',
});

export const rolesValidation = defineCall({
  method: 'POST',
  path: 'roles/validation',
  body: roleValidationSchema,
  response: validationPassed,
  summary: 'Checks role fields without saving (pass `id` when editing)',
});

export const rolesCreate = defineCall({
  method: 'POST',
  path: 'roles/create',
  body: roleCreateSchema,
  response: savedResponse,
  summary: 'Creates a role; nobody can give a role more than their own',
});

export const rolesUpdate = defineCall({
  method: 'POST',
  path: 'roles/update/:id',
  params: idParams,
  body: roleUpdateSchema,
  response: savedResponse,
  summary: 'Updates a role; a stale updated_at gets 409; its holders have the change at their next request',
});

/** The cells a role's matrix has: each area, its label, and the actions it can be given. */
export const permissionCatalogue = z.object({
  data: z.array(
    z.object({
      area: areaName,
      label: z.string(),
      actions: z.array(z.object({ action: actionName, label: z.string() })),
    }),
  ),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogue>['data'];

/** The catalogue as `roles/permissions` answers it, from `areaAccess`. */
export function permissionCatalogueData(): PermissionCatalogue {
  return Object.entries(areaAccess).map(([area, { actions }]) => ({
    area: area as keyof typeof areaAccess,
    label: areaLabels[area as keyof typeof areaLabels],
    actions: actions.map((action) => ({ action, label: actionLabels[action] })),
  }));
}

export const rolesPermissions = defineCall({
  method: 'GET',
  path: 'roles/permissions',
  response: permissionCatalogue,
  summary: 'The areas and actions a role can be given, with their labels',
});

export const rolesOptions = defineCall({
  method: 'GET',
  path: 'roles/list',
  response: z.object({
    data: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        // The user form offers only these: nobody gives a role more than their own (users/validation says so too).
        assignable: z
          .boolean()
          .describe('Whether the caller may give it: each of its permissions is one of theirs'),
      }),
    ),
  }),
  summary: 'Every active role as a select option, by name, marked when the caller may give it',
});

/** The bin's calls; exported as `bin`, they make this a lifecycle area. */
export const bin = lifecycleCalls('roles', 'role');
export const rolesDelete = bin.remove;
export const rolesRestore = bin.restore;

/** The revisions of one role: `roles/history` and `roles/history/show`. */
export const { history: rolesHistory, historyShow: rolesHistoryShow } = historyCalls('roles', role);

/** Every call of this area, under the name the console's `api.roles` gives it. */
export const calls = {
  history: rolesHistory,
  historyShow: rolesHistoryShow,
  list: rolesList,
  options: rolesOptions,
  permissions: rolesPermissions,
  show: rolesShow,
  validate: rolesValidation,
  create: rolesCreate,
  update: rolesUpdate,
  delete: rolesDelete,
  restore: rolesRestore,
};
