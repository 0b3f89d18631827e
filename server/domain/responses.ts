import { and, asc, desc, eq, gt, isNull, type SQL, sql, sum } from 'drizzle-orm';
import type { Enquiry, ResponseHandle } from '@/api/contract/responses';
import { responseHandles } from '@/api/contract/responses';
import { questionsOf } from '@/shared/answers';
import type { Db } from '../db/open';
import { pages } from '../db/schema/pages';
import {
  type ResponseAnswer,
  responseDailyTotals,
  responseEmailedTotals,
  responses,
} from '../db/schema/responses';
import type { ExportSource } from './exports';
import { selectPageByIndex } from './paginate';

/** The enquiry types the console lists (spec §3 Response): each one's title and the totals box it counts towards. */
export const ENQUIRY_TYPES: Record<
  ResponseHandle,
  { title: string; group: 'Sales' | 'Aftersales' | 'Marketing' }
> = {
  'aftersales-enquiry': { title: 'Aftersales Enquiry', group: 'Aftersales' },
  'mot-enquiry': { title: 'MOT Enquiry', group: 'Aftersales' },
  'motability-enquiry': { title: 'Motability Enquiry', group: 'Sales' },
  'new-car-enquiry': { title: 'New Car Enquiry', group: 'Sales' },
  newsletter: { title: 'Newsletter', group: 'Marketing' },
  'offer-enquiry': { title: 'Offer Enquiry', group: 'Sales' },
  'parts-enquiry': { title: 'Parts Enquiry', group: 'Aftersales' },
  'service-enquiry': { title: 'Service Enquiry', group: 'Aftersales' },
  'test-drive': { title: 'Test Drive', group: 'Sales' },
  'used-vehicle-enquiry': { title: 'Used Vehicle Enquiry', group: 'Sales' },
  'interest-enquiry': { title: 'Interest Enquiry', group: 'Sales' },
};

type ResponseRow = typeof responses.$inferSelect;

export const responseLists = () =>
  responseHandles.map((handle) => ({ name: handle, label: ENQUIRY_TYPES[handle].title }));

export function toEnquiry(row: ResponseRow): Enquiry {
  return { id: row.id, handle: row.handle, data: row.data, date_added: row.createdAt.toISOString() };
}

/** The day an enquiry counts towards, in the calendar the dashboard reads (UTC). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Stores an enquiry and counts it in its form's day, in one transaction: totals never drift. This
 * is the one place enquiries are written; `also` runs in the same transaction (the form's mail).
 */
export async function storeResponse(
  db: Db,
  handle: string,
  data: Record<string, ResponseAnswer>,
  at: Date = new Date(),
  also?: (tx: Db, id: number) => Promise<void>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(responses)
      .values({ handle, data, createdAt: at })
      .returning({ id: responses.id });
    await also?.(tx as unknown as Db, row!.id);
    await tx
      .insert(responseDailyTotals)
      .values({ handle, day: dayOf(at), total: 1 })
      .onConflictDoUpdate({
        target: [responseDailyTotals.handle, responseDailyTotals.day],
        set: { total: sql`${responseDailyTotals.total} + 1` },
      });
    return row!.id;
  });
}

/**
 * Stores every row a query yields (its columns: handle, data, created_at) and counts them in their
 * forms' days, in one statement: the bulk form of `storeResponse`, for imports and demo data.
 */
export async function storeSelectedResponses(db: Db, rows: SQL): Promise<void> {
  await db.execute(sql`
    with stored as (
      insert into ${responses} (handle, data, created_at) ${rows}
      returning handle, created_at
    )
    insert into ${responseDailyTotals} (handle, day, total)
    select handle, (created_at at time zone 'UTC')::date, count(*) from stored group by 1, 2
    on conflict (handle, day) do update set total = ${responseDailyTotals}.total + excluded.total
  `);
}

/** Enquiries stored per form, from the daily totals. */
export async function storedTotals(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ handle: responseDailyTotals.handle, total: sum(responseDailyTotals.total).mapWith(Number) })
    .from(responseDailyTotals)
    .groupBy(responseDailyTotals.handle);
  return new Map(rows.map((r) => [r.handle, r.total]));
}

/** The form the responses screen opens on: the first in the list with stored enquiries, or the first. */
export async function firstFormWithResponses(db: Db): Promise<ResponseHandle> {
  const totals = await storedTotals(db);
  return responseHandles.find((handle) => (totals.get(handle) ?? 0) > 0) ?? responseHandles[0]!;
}

export async function storedTotal(db: Db, handle: string): Promise<number> {
  const [row] = await db
    .select({ total: sum(responseDailyTotals.total).mapWith(Number) })
    .from(responseDailyTotals)
    .where(eq(responseDailyTotals.handle, handle));
  return row?.total ?? 0;
}

export async function emailedTotal(db: Db, handle: string): Promise<number> {
  const [row] = await db
    .select({ total: responseEmailedTotals.total })
    .from(responseEmailedTotals)
    .where(eq(responseEmailedTotals.handle, handle));
  return row?.total ?? 0;
}

/**
 * One page of a form's enquiries, newest first, counted off in the (handle, id) index: a late page
 * reads its own 25 enquiries, not every one before them (nor, walking the primary key, the other
 * forms' enquiries in between).
 */
export async function pageOfResponses(db: Db, handle: string, page: number): Promise<Enquiry[]> {
  const rows = await selectPageByIndex(
    db,
    responses,
    responses.id,
    eq(responses.handle, handle),
    [desc(responses.id)],
    page,
  );
  return rows.map(toEnquiry);
}

export async function findResponse(db: Db, id: number): Promise<Enquiry | null> {
  const [row] = await db.select().from(responses).where(eq(responses.id, id));
  return row ? toEnquiry(row) : null;
}

type Count = number | 'N/A';

/**
 * Per group of forms (Sales, Aftersales, Marketing): the total and each form's count. A form that
 * never stored an enquiry is N/A, not 0: the console cannot know what it only e-mailed.
 */
export async function groupTotals(
  db: Db,
): Promise<Record<string, { total: Count; groups: Record<string, Count> }>> {
  const stored = await storedTotals(db);
  const result: Record<string, { total: Count; groups: Record<string, Count> }> = {};
  for (const handle of responseHandles) {
    const form = ENQUIRY_TYPES[handle];
    const entry = result[form.group] ?? { total: 'N/A', groups: {} };
    const count: Count = stored.has(handle) ? stored.get(handle)! : 'N/A';
    entry.groups[form.title] = count;
    if (count !== 'N/A') entry.total = (entry.total === 'N/A' ? 0 : entry.total) + count;
    result[form.group] = entry;
  }
  return result;
}

const BATCH = 1000;

/**
 * The columns of a form's export: its questions as its blocks ask them now or, once the form is
 * gone, the answers of its newest enquiry.
 */
async function exportColumns(db: Db, handle: string): Promise<{ key: string; label: string }[]> {
  const [form] = await db
    .select({ items: pages.items })
    .from(pages)
    .where(and(eq(pages.kind, 'form'), eq(pages.slug, handle), isNull(pages.deletedAt)));
  if (form) return questionsOf(form.items);
  const [newest] = await db
    .select({ data: responses.data })
    .from(responses)
    .where(eq(responses.handle, handle))
    .orderBy(desc(responses.id))
    .limit(1);
  return Object.entries(newest?.data ?? {}).map(([key, answer]) => ({ key, label: answer.label }));
}

function cellOf(result: ResponseAnswer['result'] | undefined) {
  if (result === undefined || result === null) return null;
  if (Array.isArray(result)) return result.join(', ');
  return typeof result === 'boolean' ? (result ? 'Yes' : 'No') : result;
}

/** One form's enquiries, oldest first: Date Added, then each question of the form. */
export async function responseExportSource(db: Db, handle: ResponseHandle): Promise<ExportSource> {
  const fields = await exportColumns(db, handle);
  return {
    title: ENQUIRY_TYPES[handle].title,
    columns: [{ header: 'Date Added', width: 20 }, ...fields.map((field) => ({ header: field.label }))],
    async count(db) {
      return storedTotal(db, handle);
    },
    async *batches(db) {
      let after = 0;
      for (;;) {
        const rows = await db
          .select()
          .from(responses)
          .where(and(eq(responses.handle, handle), gt(responses.id, after)))
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
