import type { ImportProgress } from '@/api/contract/imports';
import type { imports } from '../../db/schema/jobs';
import type { ImportProvider } from './provider';

/** Refusals the console lists under a rejected import; the mail has every one. */
const SHOWN_REJECTIONS = 10;

/**
 * An import as the console follows it: how far it is, once rejected the first refusals, once
 * failed why and whether it will be tried again (`queued`: the queue still holds its job).
 */
export function importProgressOf(row: typeof imports.$inferSelect, queued: boolean): ImportProgress {
  return {
    id: row.id,
    kind: row.kind,
    provider: row.provider,
    filename: row.filename,
    status: row.status,
    rows_done: row.rowsDone,
    rows_total: row.rowsTotal,
    created: row.created,
    rejected: new Set(row.rejected.map((r) => r.row)).size,
    rejections: row.rejected.slice(0, SHOWN_REJECTIONS),
    mailed: row.mailedAt !== null,
    error: row.status === 'failed' ? row.error : null,
    will_retry: row.status === 'failed' && queued,
    created_at: row.createdAt.toISOString(),
  };
}

/** A provider as the import screens offer it, with where its sample workbook downloads from. */
export function providerOffered(provider: ImportProvider) {
  return {
    key: provider.key,
    label: provider.label,
    kind: provider.kind,
    description: provider.description,
    columns: provider.columns,
    sample_url: `builder/imports/samples/${provider.key}.xlsx`,
  };
}
