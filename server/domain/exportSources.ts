import { responseHandle } from '@/api/contract/responses';
import type { Scope } from '@/shared/access';
import type { Db } from '../db/open';
import type { ExportKind } from '../db/schema/jobs';
import type { ExportSource } from './exports';
import { responseExportSource } from './responseExport';
import { vehicleExportSource } from './vehicles';

const idList = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .filter((id) => /^[0-9]+$/.test(id))
    .map(Number);

/**
 * The requester's scope as an export's parameters, stored with the export when it is asked for:
 * the job that writes the file later reads only what they could see then. Both lists empty (or
 * absent, as on exports asked for before scopes existed): the whole group.
 */
export const scopeParams = (scope: Scope): Record<string, string> => ({
  brand_ids: scope.brand_ids.join(','),
  dealership_ids: scope.dealership_ids.join(','),
});

export const scopeOfParams = (params: Record<string, string>): Scope => ({
  brand_ids: idList(params.brand_ids),
  dealership_ids: idList(params.dealership_ids),
});

/** Every kind of export the job knows; an export whose parameters no longer make sense has none. */
export async function exportSourceFor(
  db: Db,
  kind: ExportKind,
  params: Record<string, string>,
): Promise<ExportSource | null> {
  if (kind === 'vehicles') return vehicleExportSource;
  const handle = responseHandle.safeParse(params.handle);
  return handle.success ? responseExportSource(db, handle.data, scopeOfParams(params)) : null;
}
