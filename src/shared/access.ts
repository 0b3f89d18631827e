/**
 * The one permission rule. The server decides with it (every call names the permission it needs,
 * and lists put the scope into their SQL), the console draws with it, and a generated test holds
 * the two together. Pure data and functions: nothing here reads a database or a screen.
 */

/** What a role is given, area by action (a role's matrix has these rows). */
export const accessAreas = [
  'dashboard',
  'pages',
  'templates',
  'forms',
  'brands',
  'dealerships',
  'media',
  'responses',
  'reservations',
  'users',
  'roles',
  'settings',
  'webhooks',
  'workflows',
  'activity',
] as const;
export type AccessArea = (typeof accessAreas)[number];

/** ... and these columns. */
export const accessActions = [
  'view',
  'create',
  'update',
  'publish',
  'delete',
  'export',
  'import',
  'refund',
  'manage',
] as const;
export type AccessAction = (typeof accessActions)[number];

/**
 * Each area: its name in a sentence, the actions that mean something there (the matrix's open
 * cells), and the words of an action where its verb and the noun do not read as a sentence.
 */
export const areaAccess: Record<
  AccessArea,
  { noun: string; actions: readonly AccessAction[]; phrases?: Partial<Record<AccessAction, string>> }
> = {
  dashboard: { noun: 'the dashboard', actions: ['view'] },
  pages: { noun: 'pages', actions: ['view', 'create', 'update', 'publish', 'delete', 'import'] },
  templates: { noun: 'templates', actions: ['view', 'create', 'update'] },
  forms: { noun: 'forms', actions: ['view', 'create', 'update', 'publish', 'delete', 'import'] },
  brands: { noun: 'brands', actions: ['view', 'create', 'update', 'delete'] },
  dealerships: { noun: 'dealerships', actions: ['view', 'create', 'update', 'delete'] },
  media: {
    noun: 'the media library',
    actions: ['view', 'create', 'update', 'delete'],
    // One creates files in the library, not the library: 'cannot upload to the media library'.
    phrases: {
      create: 'upload to the media library',
      update: 'change files in the media library',
      delete: 'delete files from the media library',
    },
  },
  responses: { noun: 'enquiries', actions: ['view', 'export'] },
  reservations: { noun: 'reservations', actions: ['view', 'export', 'refund'] },
  users: { noun: 'users', actions: ['view', 'create', 'update', 'delete'] },
  roles: { noun: 'roles', actions: ['view', 'create', 'update', 'delete'] },
  settings: { noun: 'settings', actions: ['view', 'update', 'export'] },
  webhooks: { noun: 'webhooks', actions: ['view', 'create', 'update', 'delete'] },
  workflows: { noun: 'review workflows', actions: ['view', 'create', 'update', 'delete'] },
  activity: { noun: 'the activity log', actions: ['view'] },
};

/** A role's matrix: for each area, the actions it may take there (an area left out: none). */
export type Permissions = Partial<Record<AccessArea, AccessAction[]>>;

/** Where a user may act: both lists empty is the whole group; a brand includes its dealerships. */
export interface Scope {
  brand_ids: number[];
  dealership_ids: number[];
}

/** What the rule needs to know of a user: their role and their scope. */
export interface Access {
  role: { id: number; name: string; permissions: Permissions };
  scope: Scope;
}

/**
 * Where a record belongs: a brand, a dealership (with its brand), or the group (both null).
 * Group-level records are visible only to group-wide users.
 */
export interface Owner {
  brand_id: number | null;
  dealership_id?: number | null;
}

export const wholeGroup: Scope = { brand_ids: [], dealership_ids: [] };

export function isGroupWide(scope: Scope): boolean {
  return scope.brand_ids.length === 0 && scope.dealership_ids.length === 0;
}

/** Whether the role has this action in this area, wherever the record is. */
export function allows(permissions: Permissions, action: AccessAction, area: AccessArea): boolean {
  return permissions[area]?.includes(action) ?? false;
}

/** Whether the scope reaches a record that belongs to `owner`. */
export function reaches(scope: Scope, owner: Owner): boolean {
  if (isGroupWide(scope)) return true;
  if (owner.dealership_id != null && scope.dealership_ids.includes(owner.dealership_id)) return true;
  return owner.brand_id != null && scope.brand_ids.includes(owner.brand_id);
}

/**
 * The rule: the user's role allows `action` in `area` and, when a record is named, their scope
 * reaches it.
 */
export function can(access: Access, action: AccessAction, area: AccessArea, record?: Owner): boolean {
  if (!allows(access.role.permissions, action, area)) return false;
  return record === undefined || reaches(access.scope, record);
}

const verbs: Record<AccessAction, string> = {
  view: 'view',
  create: 'create',
  update: 'change',
  publish: 'publish',
  delete: 'delete',
  export: 'export',
  import: 'import',
  refund: 'refund',
  manage: 'manage',
};

/** The permission a control needs, in words: 'refund reservations'. */
export function permissionName(action: AccessAction, area: AccessArea): string {
  const { noun, phrases } = areaAccess[area];
  return phrases?.[action] ?? `${verbs[action]} ${noun}`;
}

/** What a refused action answers and a disabled control says: 'Your role, Sales, cannot refund reservations.' */
export function refusal(access: Pick<Access, 'role'>, action: AccessAction, area: AccessArea): string {
  return `Your role, ${access.role.name}, cannot ${permissionName(action, area)}.`;
}

/**
 * Why a scoped user cannot add a page or form at the top of the tree: the top level is the group's,
 * so the server refuses it and the console offers it only to group-wide users.
 */
export const GROUP_TOP_LEVEL = 'The top level of the tree is the group’s: choose a page of your brands.';

/**
 * Why a scoped user cannot add or change a template: templates are the group's, read by everyone
 * who may view them (a page of any brand starts its children from one) and changed only group-wide.
 */
export const GROUP_TEMPLATES =
  'Templates belong to the whole group: only a user with the whole group in their scope can add or change one.';

/**
 * Why a scoped user cannot take a page offline or online, move it, rename it or delete it: pages of
 * other brands lie below it (decision 042). The server refuses it; the console offers it disabled.
 */
export const OTHERS_BELOW =
  'Pages of other brands are below this page: only a user with the whole group in their scope can make this change.';

/** Keeps only the cells the matrix has, in the catalogue's order, each once. */
export function normalisePermissions(permissions: Permissions): Permissions {
  const out: Permissions = {};
  for (const area of accessAreas) {
    const given = permissions[area];
    if (!given) continue;
    const actions = areaAccess[area].actions.filter((a) => given.includes(a));
    if (actions.length > 0) out[area] = actions;
  }
  return out;
}

/** The cells of `wanted` that `held` does not have, as 'area.action' names. */
export function permissionsBeyond(held: Permissions, wanted: Permissions): string[] {
  const beyond: string[] = [];
  for (const area of accessAreas) {
    for (const action of wanted[area] ?? []) {
      if (!allows(held, action, area)) beyond.push(`${area}.${action}`);
    }
  }
  return beyond;
}

/**
 * Whether a role with `wanted` may be given by someone holding `held`: nobody gives more than they
 * have. The user form offers only such roles, and the server refuses any other.
 */
export function withinPermissions(held: Permissions, wanted: Permissions): boolean {
  return permissionsBeyond(held, wanted).length === 0;
}

/**
 * Whether a scope lies inside another, given the brand each scoped dealership belongs to: a
 * group-wide holder covers everything; a scoped one covers their brands, their brands'
 * dealerships and their own dealerships, and never the whole group.
 */
export function scopeWithin(
  held: Scope,
  wanted: Scope,
  brandOfDealership: (id: number) => number | null,
): boolean {
  if (isGroupWide(held)) return true;
  if (isGroupWide(wanted)) return false;
  return (
    wanted.brand_ids.every((b) => held.brand_ids.includes(b)) &&
    wanted.dealership_ids.every((d) => {
      if (held.dealership_ids.includes(d)) return true;
      const brand = brandOfDealership(d);
      return brand !== null && held.brand_ids.includes(brand);
    })
  );
}

const every = (area: AccessArea) => [...areaAccess[area].actions];
const only = (area: AccessArea, actions: AccessAction[]) =>
  areaAccess[area].actions.filter((a) => actions.includes(a));

/** The seeded, editable role templates (issue #25), by name. */
export const roleTemplates: { name: string; permissions: Permissions }[] = [
  {
    name: 'Group administrator',
    permissions: Object.fromEntries(accessAreas.map((area) => [area, every(area)])) as Permissions,
  },
  {
    name: 'Marketing',
    permissions: {
      dashboard: ['view'],
      pages: every('pages'),
      templates: every('templates'),
      forms: every('forms'),
      brands: every('brands'),
      dealerships: ['view'],
      media: every('media'),
      activity: ['view'],
    },
  },
  {
    name: 'Brand manager',
    permissions: {
      dashboard: ['view'],
      pages: only('pages', ['view', 'create', 'update', 'publish', 'delete']),
      templates: ['view'],
      forms: ['view'],
      brands: only('brands', ['view', 'update']),
      dealerships: every('dealerships'),
      media: every('media'),
      responses: every('responses'),
      reservations: every('reservations'),
      activity: ['view'],
    },
  },
  {
    name: 'Dealership manager',
    permissions: {
      dashboard: ['view'],
      dealerships: only('dealerships', ['view', 'update']),
      media: every('media'),
      responses: every('responses'),
      reservations: every('reservations'),
      users: every('users'),
    },
  },
  {
    name: 'Sales',
    permissions: {
      dashboard: ['view'],
      responses: ['view', 'export'],
      reservations: ['view', 'export'],
    },
  },
  {
    name: 'Read only',
    permissions: Object.fromEntries(
      accessAreas
        .filter((a) => !['users', 'roles', 'settings', 'webhooks', 'workflows'].includes(a))
        .map((a) => [a, ['view']]),
    ) as Permissions,
  },
];

export const GROUP_ADMINISTRATOR = 'Group administrator';
