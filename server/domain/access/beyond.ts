import {
  type AccessAction,
  type AccessArea,
  type Permissions,
  permissionName,
  permissionsBeyond,
} from '@/shared/access';
import type { AuthUser } from '../auth/guard';
import { forbidden } from './require';

/**
 * Nobody gives a role more than their own: throws a 403 that names each permission their role
 * lacks ('... your role, Marketing, does not have: view enquiries, refund reservations.').
 */
export function requireWithinOwn(user: AuthUser, wanted: Permissions, what: string): void {
  const beyond = permissionsBeyond(user.access.role.permissions, wanted);
  if (beyond.length === 0) return;
  const names = beyond.map((cell) => {
    const [area, action] = cell.split('.') as [AccessArea, AccessAction];
    return permissionName(action, area);
  });
  throw forbidden(
    `You cannot ${what} more than you have: your role, ${user.access.role.name}, cannot ${names.join(', ')}.`,
  );
}
