import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { ResponseHandle } from '@/api/contract/responses';
import { type Scope, wholeGroup } from '@/shared/access';
import { questionsOf } from '@/shared/answers';
import type { Db } from '../db/open';
import { pages } from '../db/schema/pages';
import { type ResponseAnswer, responses } from '../db/schema/responses';
import { inScope } from './access/scope';
import type { ExportSource } from './exports';
import { ENQUIRY_TYPES, storedTotal } from './responses';

const BATCH = 1000;

/**
 * The columns of a form's export: its questions as its blocks ask them now or, once the form is
 * gone, the answers of its newest enquiry.
 */
async function exportColumns(
  db: Db,
  handle: string,
  where: ReturnType<typeof inScope>,
): Promise<{ key: string; label: string }[]> {
  const [form] = await db
    .select({ items: pages.items })
    .from(pages)
    .where(and(eq(pages.kind, 'form'), eq(pages.slug, handle), isNull(pages.deletedAt)));
  if (form) return questionsOf(form.items);
  const [newest] = await db
    .select({ data: responses.data })
    .from(responses)
    .where(and(eq(responses.handle, handle), where))
    .orderBy(desc(responses.id))
    .limit(1);
  return Object.entries(newest?.data ?? {}).map(([key, answer]) => ({ key, label: answer.label }));
}

function cellOf(result: ResponseAnswer['result'] | undefined) {
  if (result === undefined || result === null) return null;
  if (Array.isArray(result)) return result.join(', ');
  return typeof result === 'boolean' ? (result ? 'Yes' : 'No') : result;
}

/**
 * One form's enquiries that the requester's scope reaches, oldest first: Date Added, then each
 * question of the form. The scope is the one stored with the export when it was asked for.
 */
export async function responseExportSource(
  db: Db,
  handle: ResponseHandle,
  scope: Scope = wholeGroup,
): Promise<ExportSource> {
  const where = inScope(scope, { brand: responses.brandId, dealership: responses.dealershipId });
  const fields = await exportColumns(db, handle, where);
  return {
    title: ENQUIRY_TYPES[handle].title,
    name: ENQUIRY_TYPES[handle].title,
    columns: [{ header: 'Date Added', width: 20 }, ...fields.map((field) => ({ header: field.label }))],
    async count(db) {
      return storedTotal(db, handle, scope);
    },
    async *batches(db) {
      let after = 0;
      for (;;) {
        // Only what the sheet shows: a batch's rows live until deflate has taken them.
        const rows = await db
          .select({ id: responses.id, createdAt: responses.createdAt, data: responses.data })
          .from(responses)
          .where(and(eq(responses.handle, handle), gt(responses.id, after), where))
          .orderBy(asc(responses.id))
          .limit(BATCH);
        if (rows.length === 0) return;
        after = rows.at(-1)!.id;
        yield rows.map((row) => [
          row.createdAt,
          ...fields.map((field) => cellOf(row.data[field.key]?.result)),
        ]);
        if (rows.length < BATCH) return;
      }
    },
  };
}
