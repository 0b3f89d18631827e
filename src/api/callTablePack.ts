import type { CallRoute, CallTable } from './callTable';
import type { CallPermission } from './contract/permissions';

/**
 * The call table written for the browser as one string, a line per call: `area name method path
 * permission`, then `-` for a call that works without a token. A path under its area's own prefix
 * is written from a `~` ('users/show/:id' in users is `~show/:id`, 'users' itself `~`); a permission
 * is 'signedIn', 'public' or `area.action`. A third of the object's size compressed, and read once
 * at start-up (scripts/callTable.ts writes it, decision 034).
 */
export function packCallTable(table: CallTable): string {
  const lines: string[] = [];
  for (const [area, calls] of Object.entries(table))
    for (const [name, call] of Object.entries(calls)) {
      const path =
        call.path === area
          ? '~'
          : call.path.startsWith(`${area}/`)
            ? `~${call.path.slice(area.length + 1)}`
            : call.path;
      const permission =
        typeof call.permission === 'string'
          ? call.permission
          : `${call.permission.area}.${call.permission.action}`;
      lines.push(
        [area, name, call.method, path, permission, ...(call.auth === false ? ['-'] : [])].join(' '),
      );
    }
  return lines.join('\n');
}

export function unpackCallTable(packed: string): CallTable {
  const table: CallTable = {};
  for (const line of packed.split('\n')) {
    const [area = '', name = '', method, path = '', permission = '', noAuth] = line.split(' ');
    const dot = permission.indexOf('.');
    const route: CallRoute = {
      method: method as CallRoute['method'],
      path: path === '~' ? area : path.startsWith('~') ? `${area}/${path.slice(1)}` : path,
      permission:
        dot < 0
          ? (permission as CallPermission)
          : ({ area: permission.slice(0, dot), action: permission.slice(dot + 1) } as CallPermission),
    };
    if (noAuth) route.auth = false;
    const calls = table[area] ?? {};
    calls[name] = route;
    table[area] = calls;
  }
  return table;
}
