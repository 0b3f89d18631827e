import type { RecordRef } from '@/api/contract/presence';
import { type AccessArea, can } from '@/shared/access';
import type { Db } from '../../db/open';
import { notFound } from '../../http/errors';
import { requirePermission } from '../access/require';
import type { AuthUser } from '../auth/guard';
import { findBrandRow } from '../brands';
import { findDealershipRow } from '../dealerships';
import { findPage } from '../pages/read';
import { findTemplateRow } from '../templates';

const NOT_FOUND = 'There is no such record to follow.';

/** The area a record belongs to: `pages:12` and the page tree (`pages`) are both pages'. */
const areaOf = (record: RecordRef): AccessArea => record.split(':')[0] as AccessArea;

/**
 * Whether the user is there to change the record or only to read it: their role's update
 * permission in its area, and not while viewing the console as another role (which is read-only).
 */
export const mayChangeRecord = (user: AuthUser, record: RecordRef): boolean =>
  !user.viewingAs && can(user.access, 'update', areaOf(record));

/**
 * Decides, through the one permission rule and the user's scope, whether the user may view the
 * record: 403 without the area's view permission, 404 for a record out of scope or gone.
 */
export async function requireViewable(db: Db, user: AuthUser, record: RecordRef): Promise<void> {
  if (record === 'settings' || record === 'pages') {
    requirePermission(user, 'view', record);
    return;
  }
  const [area, text] = record.split(':') as [AccessArea, string];
  const id = Number(text);
  requirePermission(user, 'view', area);
  const { scope } = user.access;
  const found =
    area === 'pages'
      ? await findPage(db, 'page', id, scope)
      : area === 'forms'
        ? await findPage(db, 'form', id, scope)
        : area === 'templates'
          ? await findTemplateRow(db, id)
          : area === 'brands'
            ? await findBrandRow(db, id, scope)
            : await findDealershipRow(db, id, scope);
  if (!found || ('deletedAt' in found && found.deletedAt)) throw notFound(NOT_FOUND);
}
