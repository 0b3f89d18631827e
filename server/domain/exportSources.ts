import { responseHandle } from '@/api/contract/responses';
import type { Db } from '../db/open';
import type { ExportKind } from '../db/schema/jobs';
import type { ExportSource } from './exports';
import { responseExportSource } from './responses';
import { vehicleExportSource } from './vehicles';

/** Every kind of export the job knows; an export whose parameters no longer make sense has none. */
export async function exportSourceFor(
  db: Db,
  kind: ExportKind,
  params: Record<string, string>,
): Promise<ExportSource | null> {
  if (kind === 'vehicles') return vehicleExportSource;
  const handle = responseHandle.safeParse(params.handle);
  return handle.success ? responseExportSource(db, handle.data) : null;
}
