import { asc, inArray, sql } from 'drizzle-orm';
import type { Workflow, WorkflowValues } from '@/api/contract/workflows';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../db/open';
import { brands } from '../db/schema/brands';
import { roles } from '../db/schema/roles';
import { users } from '../db/schema/users';
import { type WorkflowStageColumn, workflows } from '../db/schema/workflows';
import { invalid } from '../http/errors';
import { isoTime } from './isoTime';
import { approvedSnapshot } from './pages/review';
import { rowsOf } from './pages/transaction';
import { PAGE_SIZE } from './paginate';

export const WORKFLOW_NOT_FOUND = missingRecord('workflow');

type WorkflowRow = typeof workflows.$inferSelect;

function toWorkflow(row: WorkflowRow, pagesCount: number): Workflow {
  return {
    id: row.id,
    name: row.name,
    applies_to: {
      page_ids: row.appliesTo.page_ids ?? [],
      brand_ids: row.appliesTo.brand_ids ?? [],
      forms: row.appliesTo.forms ?? false,
    },
    stages: row.stages.map((stage) => ({ ...stage, external: stage.external ?? false })),
    pages_count: pagesCount,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
  };
}

const pagesCount = sql<number>`(select count(*)::int from pages p where p.workflow_id = "workflows"."id" and p.kind = 'page' and p.deleted_at is null)`;

export async function listWorkflows(db: Db, page: number): Promise<{ rows: Workflow[]; total: number }> {
  const rows = await db
    .select({
      row: workflows,
      pages: pagesCount.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(workflows)
    .orderBy(asc(sql`lower(${workflows.name})`), asc(workflows.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(workflows);
    total = Number(counted?.n ?? 0);
  }
  return { rows: rows.map((r) => toWorkflow(r.row, r.pages)), total };
}

export async function findWorkflow(db: Db, id: number): Promise<Workflow | null> {
  const [row] = await db
    .select({ row: workflows, pages: pagesCount.mapWith(Number) })
    .from(workflows)
    .where(sql`${workflows.id} = ${id}`);
  return row ? toWorkflow(row.row, row.pages) : null;
}

/** The form's ids must name live pages, brands, roles and users: each unknown one is a field error. */
export async function checkWorkflow(db: Db, values: WorkflowValues): Promise<void> {
  const errors: Record<string, string> = {};
  const known = async (ids: number[], query: (ids: number[]) => Promise<{ id: number }[]>) => {
    if (ids.length === 0) return true;
    const found = new Set((await query(ids)).map((r) => r.id));
    return ids.every((id) => found.has(id));
  };
  const pageIds = values.applies_to.page_ids;
  if (
    !(await known(pageIds, async (ids) =>
      rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from pages where kind = 'page' and deleted_at is null and id = any(${`{${ids.join(',')}}`}::int[])`,
        ),
      ),
    ))
  ) {
    errors['applies_to.page_ids'] = 'Choose pages from the tree.';
  }
  if (
    !(await known(values.applies_to.brand_ids, (ids) =>
      db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ids)),
    ))
  ) {
    errors['applies_to.brand_ids'] = 'Choose brands from the list.';
  }
  for (const [i, stage] of values.stages.entries()) {
    if (
      !(await known(stage.role_ids, (ids) =>
        db
          .select({ id: roles.id })
          .from(roles)
          .where(sql`${inArray(roles.id, ids)} and ${roles.deletedAt} is null`),
      ))
    ) {
      errors[`stages.${i}.role_ids`] = 'Choose roles from the list.';
    }
    if (
      !(await known(stage.user_ids, (ids) =>
        db
          .select({ id: users.id })
          .from(users)
          .where(sql`${inArray(users.id, ids)} and ${users.deletedAt} is null`),
      ))
    ) {
      errors[`stages.${i}.user_ids`] = 'Choose users from the list.';
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

export function workflowColumns(values: WorkflowValues) {
  return {
    name: values.name,
    appliesTo: values.applies_to,
    stages: values.stages.map(
      (s): WorkflowStageColumn => ({
        name: s.name,
        role_ids: s.role_ids,
        user_ids: s.user_ids,
        due_hours: s.due_hours,
        external: s.external,
      }),
    ),
  };
}

/**
 * Works out again which workflow governs each page or form: the rows of these subtrees (`roots`
 * and everything under them; only the roots themselves when `descend` is false), or every row.
 * For a page the most specific wins: the deepest subtree root among the page and its ancestors,
 * else a workflow of its brand; the older workflow where two are as specific. A form is governed
 * by the oldest workflow that applies to forms.
 */
export async function assignWorkflows(
  tx: Db,
  roots: readonly number[] | null,
  descend = true,
): Promise<void> {
  if (roots !== null && roots.length === 0) return;
  const list = roots === null ? '' : `{${roots.join(',')}}`;
  const base =
    roots === null
      ? sql`select id from pages`
      : descend
        ? sql`select id from pages where id = any(${list}::int[])
            union
            select p.id from pages p join base on p.parent_id = base.id`
        : sql`select id from pages where id = any(${list}::int[])`;
  await tx.execute(sql`
    with recursive base(id) as (${base}),
    wr as (
      select w.id as wid, r.value::int as root
      from workflows w, jsonb_array_elements_text(w.applies_to->'page_ids') r(value)
    ),
    up(page_id, anc, depth) as (
      select id, id, 0 from base
      union all
      select up.page_id, p.parent_id, up.depth + 1
      from up join pages p on p.id = up.anc
      where p.parent_id is not null and up.depth < 1000
    ),
    chosen as (
      select b.id, case when b.kind = 'form' then
        (select w.id from workflows w where w.applies_to->'forms' = 'true'::jsonb order by w.id limit 1)
      else coalesce(
        (select wr.wid from up join wr on wr.root = up.anc where up.page_id = b.id order by up.depth, wr.wid limit 1),
        (select w.id from workflows w join pages pg on pg.id = b.id
          where pg.brand_id is not null and w.applies_to->'brand_ids' @> to_jsonb(pg.brand_id)
          order by w.id limit 1)
      ) end as wid
      from (select distinct base.id, pg.kind from base join pages pg on pg.id = base.id) b
    )
    update pages set workflow_id = chosen.wid
    from chosen
    where pages.id = chosen.id and pages.workflow_id is distinct from chosen.wid`);
}

/**
 * A page that is on the website when a workflow comes to govern it stays there as it is: what is
 * live then counts as approved, and later edits wait for their review.
 */
export async function adoptLivePages(tx: Db): Promise<void> {
  await tx.execute(sql`
    insert into page_reviews (page_id, state, since, approved, approved_at)
    select p.id, 'approved', now(), ${approvedSnapshot}, now()
    from pages p
    where p.workflow_id is not null
      and p.published and (p.published_at is null or p.published_at <= now())
      and (p.unpublish_at is null or p.unpublish_at > now()) and p.deleted_at is null
      and not exists (select 1 from page_reviews r where r.page_id = p.id)
    on conflict (page_id) do nothing`);
}
