import { eq } from 'drizzle-orm';
import { isGroupWide, type Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { invalid } from '../../http/errors';
import type { TreeKind } from './lists';
import type { PageRow } from './read';

const CHOOSE_BRAND = 'Choose a brand.';

/**
 * A page's brand must exist. A new page needs one; a page that was made without one (the group's own
 * pages) may stay without, but a page that has a brand cannot drop it.
 */
async function requireBrand(tx: Db, brandId: number | null, before: PageRow | undefined, scope: Scope) {
  if (brandId === null) {
    if (!before || before.brandId !== null) throw invalid({ brand_id: CHOOSE_BRAND });
    return;
  }
  // A scoped user gives a page only one of their brands (the brand list offers only those).
  const outOfReach = !isGroupWide(scope) && brandId !== before?.brandId && !scope.brand_ids.includes(brandId);
  const [row] = outOfReach
    ? []
    : await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  if (!row) throw invalid({ brand_id: 'Choose a brand from the list.' });
}

/**
 * Checks the brand a page or form is saved with: a page's always, a form's when it names one or the
 * writer is scoped (a group-wide form may belong to no brand).
 */
export async function checkBrand(
  tx: Db,
  kind: TreeKind,
  brandId: number | null,
  before: PageRow | undefined,
  scope: Scope,
): Promise<void> {
  if (kind === 'page' || brandId !== null || !isGroupWide(scope))
    await requireBrand(tx, brandId, before, scope);
}
