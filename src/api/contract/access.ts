import { z } from 'zod';
import { type AccessAction, type AccessArea, accessActions, accessAreas } from '../../shared/access';

/** A role's matrix as the API carries it: `{<area>: [<action>...]}` (issue #25). */
export const permissionsSchema = z.partialRecord(
  z.enum(accessAreas),
  z.array(z.enum(accessActions)).max(accessActions.length),
) as z.ZodType<Partial<Record<AccessArea, AccessAction[]>>>;

/** Where a user may act: both lists empty is the whole group. */
export const scopeSchema = z.object({
  brand_ids: z.array(z.number().int().positive()).max(1000),
  dealership_ids: z.array(z.number().int().positive()).max(1000),
});

/** A user's role as the session carries it, so the console draws from it. */
export const roleSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: permissionsSchema,
});
