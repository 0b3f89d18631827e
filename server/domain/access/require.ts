import { type AccessAction, type AccessArea, can, refusal } from '@/shared/access';
import { HttpError } from '../../http/errors';
import type { AuthUser } from '../auth/guard';

/** 403 naming what was missing: 'Your role, Sales, cannot refund reservations.' */
export const forbidden = (message: string) => new HttpError(403, message);

/** What a write answers while an administrator views the console as another role. */
export const VIEWING_IS_READ_ONLY =
  'Viewing as another role is read-only: go back to your own view to make changes.';

/** Throws a 403 unless the user's role allows `action` in `area`. */
export function requirePermission(user: AuthUser, action: AccessAction, area: AccessArea): void {
  if (!can(user.access, action, area)) throw forbidden(refusal(user.access, action, area));
}
