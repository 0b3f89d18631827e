import { and, desc, eq, type SQL, sql, sum } from 'drizzle-orm';
import type { Enquiry, EnquiryGroup, ResponseHandle } from '@/api/contract/responses';
import { responseHandles } from '@/api/contract/responses';
import { isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import type { Db } from '../db/open';
import {
  type ResponseAnswer,
  responseDailyTotals,
  responseEmailedTotals,
  responseOwnerTotals,
  responses,
} from '../db/schema/responses';
import { GROUP_OWNED, inScope, ownerArms, type RowOwner } from './access/scope';
import { isoTime } from './isoTime';
import { pageWindow } from './paginate';

/** The enquiry types the console lists (spec §3 Response): each one's title and the totals box it counts towards. */
export const ENQUIRY_TYPES: Record<ResponseHandle, { title: string; group: EnquiryGroup }> = {
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
  return {
    id: row.id,
    handle: row.handle,
    data: row.data,
    date_added: isoTime(row.createdAt),
    brand_id: row.brandId,
    dealership_id: row.dealershipId,
  };
}

/** The condition that keeps a user's reads of enquiries within their scope (none when group-wide). */
const enquiriesIn = (scope: Scope) =>
  inScope(scope, { brand: responses.brandId, dealership: responses.dealershipId });

/**
 * The condition that keeps a user's totals within their scope: the same condition over the per-owner
 * totals as over the enquiries, so a row of both a scoped brand and a scoped dealership counts once.
 */
const totalsIn = (scope: Scope) =>
  inScope(scope, { brand: responseOwnerTotals.brandId, dealership: responseOwnerTotals.dealershipId });

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
  owner: RowOwner = GROUP_OWNED,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(responses)
      .values({ handle, data, createdAt: at, ...owner })
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
 * Stores every row a query yields (its columns: handle, data, created_at, brand_id,
 * dealership_id) and counts them in their forms' days, in one statement: the bulk form of
 * `storeResponse`, for imports and demo data. `named`: common table expressions the query reads.
 */
export async function storeSelectedResponses(db: Db, rows: SQL, named?: SQL): Promise<void> {
  await db.execute(sql`
    with ${named ? sql`${named},` : sql``} stored as (
      insert into ${responses} (handle, data, created_at, brand_id, dealership_id) ${rows}
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

/**
 * Enquiries stored per form that the scope reaches. Group-wide: the daily totals. Scoped: the sums
 * of the per-owner totals of the scope's brands and dealerships; forms without any are left out.
 */
export async function scopedTotals(db: Db, scope: Scope): Promise<Map<string, number>> {
  const where = totalsIn(scope);
  if (!where) return storedTotals(db);
  const total = sum(responseOwnerTotals.total);
  const rows = await db
    .select({ handle: responseOwnerTotals.handle, total: total.mapWith(Number) })
    .from(responseOwnerTotals)
    .where(where)
    .groupBy(responseOwnerTotals.handle)
    .having(sql`${total} > 0`);
  return new Map(rows.map((r) => [r.handle, r.total]));
}

/**
 * The form the responses screen opens on: the first in the list with stored enquiries (in the
 * user's scope), or the first.
 */
export async function firstFormWithResponses(db: Db, scope: Scope = wholeGroup): Promise<ResponseHandle> {
  const totals = await scopedTotals(db, scope);
  return responseHandles.find((handle) => (totals.get(handle) ?? 0) > 0) ?? responseHandles[0]!;
}

/**
 * A form's stored enquiries: group-wide from the daily totals, scoped from the per-owner totals of
 * the scope's brands and dealerships. Either way a few rows are summed, never the enquiries counted.
 */
export async function storedTotal(db: Db, handle: string, scope: Scope = wholeGroup): Promise<number> {
  const where = totalsIn(scope);
  if (where) {
    const [row] = await db
      .select({ total: sum(responseOwnerTotals.total).mapWith(Number) })
      .from(responseOwnerTotals)
      .where(and(eq(responseOwnerTotals.handle, handle), where));
    return row?.total ?? 0;
  }
  const [row] = await db
    .select({ total: sum(responseDailyTotals.total).mapWith(Number) })
    .from(responseDailyTotals)
    .where(eq(responseDailyTotals.handle, handle));
  return row?.total ?? 0;
}

/**
 * Enquiries a form only e-mailed: they belong to nobody but the group (nothing says where they were
 * sent from), so a scoped user's figure is 0.
 */
export async function emailedTotal(db: Db, handle: string, scope: Scope = wholeGroup): Promise<number> {
  if (!isGroupWide(scope)) return 0;
  const [row] = await db
    .select({ total: responseEmailedTotals.total })
    .from(responseEmailedTotals)
    .where(eq(responseEmailedTotals.handle, handle));
  return row?.total ?? 0;
}

/**
 * The ids of one page of a form's enquiries in the scope, newest first, counted off in the
 * (handle, id) index: a late page reads its own 25 enquiries' index entries and steps over the
 * rest without reading them (nor, walking the primary key, the other forms' enquiries in between).
 * A scope of one brand or one dealership walks its (handle, brand_id|dealership_id, id) index the
 * same way. A scope of several takes the newest enquiries up to the page's end from each owner's
 * index and merges them (a union: an enquiry of a scoped brand and a scoped dealership is listed
 * once), never sorting every enquiry in scope.
 */
export function responsePageIds(handle: string, page: number, scope: Scope = wholeGroup): SQL {
  const { limit, offset } = pageWindow(page);
  const arms = ownerArms(scope, { brand: responses.brandId, dealership: responses.dealershipId });
  if (!arms || arms.length <= 1) {
    const where = and(eq(responses.handle, handle), enquiriesIn(scope));
    return sql`select ${responses.id} from ${responses} where ${where} order by ${responses.id} desc limit ${limit} offset ${offset}`;
  }
  const newest = arms.map(
    (arm) =>
      sql`(select ${responses.id} from ${responses} where ${responses.handle} = ${handle} and ${arm} order by ${responses.id} desc limit ${offset + (limit ?? 0)})`,
  );
  return sql`select id from (${sql.join(newest, sql` union `)}) as owned order by id desc limit ${limit} offset ${offset}`;
}

/** One page of a form's enquiries in the scope, newest first: the page's ids, then their rows. */
export async function pageOfResponses(
  db: Db,
  handle: string,
  page: number,
  scope: Scope = wholeGroup,
): Promise<Enquiry[]> {
  const rows = await db
    .select()
    .from(responses)
    .where(sql`${responses.id} in (${responsePageIds(handle, page, scope)})`)
    .orderBy(desc(responses.id));
  return rows.map(toEnquiry);
}

/** One enquiry, if it exists and the scope reaches it: out of scope reads as missing. */
export async function findResponse(db: Db, id: number, scope: Scope = wholeGroup): Promise<Enquiry | null> {
  const [row] = await db
    .select()
    .from(responses)
    .where(and(eq(responses.id, id), enquiriesIn(scope)));
  return row ? toEnquiry(row) : null;
}

type Count = number | 'N/A';

/**
 * Per group of forms (Sales, Aftersales, Marketing): the total and each form's count. A form that
 * never stored an enquiry is N/A, not 0: the console cannot know what it only e-mailed. A scoped
 * user's counts are of the enquiries in their scope, and a form with none there is N/A to them.
 */
export async function groupTotals(
  db: Db,
  scope: Scope = wholeGroup,
): Promise<Record<string, { total: Count; groups: Record<string, Count> }>> {
  const stored = await scopedTotals(db, scope);
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
