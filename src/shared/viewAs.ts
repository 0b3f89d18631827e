import { type Access, allows, isGroupWide, type Permissions, type Scope } from './access';

/**
 * "View as" (issue #25): a group administrator sees the console as a chosen role and scope,
 * read-only. The console sends the choice with every call in this header; the server honours it
 * only for a user who may view as others, and answers 403 to anyone else.
 */
export const VIEW_AS_HEADER = 'X-View-As';

export interface ViewAs {
  roleId: number;
  scope: Scope;
}

/**
 * Who may view as another role: whoever may change roles and users across the whole group, which
 * is what a Group administrator holds. Asked of the permissions, not the role's name, so a renamed
 * administrator role keeps it and a role named so without those permissions does not get it.
 */
export function mayViewAs(access: Access): boolean {
  return (
    isGroupWide(access.scope) &&
    allows(access.role.permissions, 'update', 'roles') &&
    allows(access.role.permissions, 'update', 'users')
  );
}

/**
 * What a viewed role keeps: only `view`. Exporting is left out too: it runs a job and e-mails a file,
 * which is acting, not looking, and the administrator can export as themselves.
 */
export function readOnlyPermissions(permissions: Permissions): Permissions {
  const out: Permissions = {};
  for (const [area, actions] of Object.entries(permissions) as [keyof Permissions, string[]][]) {
    if (actions.includes('view')) out[area] = ['view'];
  }
  return out;
}

const ids = (list: number[]) => list.join(',');

/** The header's value: `5;b=1,2;d=3` (role 5, brands 1 and 2, dealership 3; no lists: the group). */
export function formatViewAs(view: ViewAs): string {
  const parts = [String(view.roleId)];
  if (view.scope.brand_ids.length > 0) parts.push(`b=${ids(view.scope.brand_ids)}`);
  if (view.scope.dealership_ids.length > 0) parts.push(`d=${ids(view.scope.dealership_ids)}`);
  return parts.join(';');
}

const ID = /^[1-9]\d{0,9}$/;
const idList = (text: string): number[] | null => {
  const items = text.split(',');
  return items.every((item) => ID.test(item)) ? items.map(Number) : null;
};

/** The header read back, or null when it is not one `formatViewAs` would write. */
export function parseViewAs(value: string): ViewAs | null {
  const [role, ...rest] = value.trim().split(';');
  if (role === undefined || !ID.test(role)) return null;
  const scope: Scope = { brand_ids: [], dealership_ids: [] };
  for (const part of rest) {
    const match = /^([bd])=(.+)$/.exec(part);
    const list = match ? idList(match[2]!) : null;
    if (!match || !list) return null;
    const key = match[1] === 'b' ? 'brand_ids' : 'dealership_ids';
    if (scope[key].length > 0) return null;
    scope[key] = list;
  }
  return { roleId: Number(role), scope };
}
