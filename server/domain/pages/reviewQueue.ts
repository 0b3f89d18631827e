import { type SQL, sql } from 'drizzle-orm';
import type { StageMedian, WaitingPage } from '@/api/contract/workflows';
import type { Scope } from '@/shared/access';
import type { Db } from '../../db/open';
import { inScope } from '../access/scope';
import { type ConsoleReviewer, DRAFT } from './review';
import { pageScopeSql } from './scope';
import { rowsOf } from './transaction';

/** Who the approval queue is for: the stages naming them or their role are theirs. */
export interface QueueReviewer {
  id: number;
  roleId: number;
}

/**
 * The statement behind `waitingPages` (the bench explains it). Each stage's waiting pages are one
 * range of `page_reviews_stage_queue_idx`, which holds the page's workflow and owning brand, so
 * each range is walked in order and stops at the limit (overdue, due later and with no due time
 * apart, their conditions checked in the index), and the few rows found are merged. A waiting
 * page under no workflow, or in a stage its workflow no longer has, waits in no stage's range.
 */
export function waitingSql(scope: Scope, reviewer: QueueReviewer | undefined, limit: number): SQL {
  const theirs = reviewer
    ? sql`where e.s->'user_ids' @> to_jsonb(${reviewer.id}::int)
        or e.s->'role_ids' @> to_jsonb(${reviewer.roleId}::int)`
    : sql``;
  // The user's scope over the page's owning brand, as every page list decides it.
  const inScopeOfUser = inScope(scope, { brand: sql`r.brand_id` }) ?? sql`true`;
  const walk = (due: SQL, overdue: boolean) => sql`(
    select r.page_id, p.name, r.since, r.due_at, ${sql.raw(overdue ? 'true' : 'false')} as overdue
    from page_reviews r join pages p on p.id = r.page_id and p.deleted_at is null
    where r.state = 'in_review' and r.workflow_id = s.workflow_id and r.stage = s.stage
      and ${due} and ${inScopeOfUser}
    order by r.since, r.page_id
    limit ${limit})`;
  return sql`
    with stages as materialized (
      select w.id as workflow_id, w.name as workflow_name, (e.o - 1)::int as stage, e.s->>'name' as stage_name
      from workflows w, jsonb_array_elements(w.stages) with ordinality e(s, o)
      ${theirs}
    )
    select q.page_id as id, q.name, s.workflow_name, s.stage_name as stage, q.since, q.due_at
    from stages s
    cross join lateral (
      ${walk(sql`r.due_at < now()`, true)}
      union all ${walk(sql`r.due_at >= now()`, false)}
      union all ${walk(sql`r.due_at is null`, false)}
    ) q
    order by q.overdue desc, q.since, q.page_id
    limit ${limit}`;
}

/**
 * Pages waiting in a stage, in the user's scope: overdue first, then the longest waiting. With
 * `reviewer`, only the stages they may move a page on from (their approval queue).
 */
export async function waitingPages(
  db: Db,
  scope: Scope,
  options: { reviewer?: ConsoleReviewer; limit?: number } = {},
): Promise<WaitingPage[]> {
  const { reviewer, limit = 50 } = options;
  const rows = rowsOf<{
    id: number;
    name: string;
    workflow_name: string;
    stage: string | null;
    since: Date | string;
    due_at: Date | string | null;
  }>(
    await db.execute(
      waitingSql(scope, reviewer && { id: reviewer.id, roleId: reviewer.access.role.id }, limit),
    ),
  );
  const now = Date.now();
  const iso = (at: Date | string) => new Date(at).toISOString();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    workflow_name: row.workflow_name,
    stage: row.stage ?? DRAFT,
    since: iso(row.since),
    due_at: row.due_at === null ? null : iso(row.due_at),
    overdue: row.due_at !== null && new Date(row.due_at).getTime() < now,
  }));
}

/**
 * The median time each stage takes, from the times pages in the user's scope left it (approved on
 * or sent back), in the workflows' order and each workflow's order of stages.
 */
export async function stageMedians(db: Db, scope: Scope): Promise<StageMedian[]> {
  const rows = rowsOf<{ workflow_name: string; stage: string; count: number; median_seconds: number }>(
    await db.execute(sql`
      select w.name as workflow_name, t.stage, count(*)::int as count,
        percentile_cont(0.5) within group (order by extract(epoch from t.left_at - t.entered_at)) as median_seconds
      from review_stage_times t
      join workflows w on w.id = t.workflow_id
      join pages p on p.id = t.page_id and p.deleted_at is null
      where ${pageScopeSql(scope, sql`p`)}
      group by w.id, w.name, t.stage
      order by lower(w.name), w.id,
        (select e.o from jsonb_array_elements(w.stages) with ordinality e(s, o) where e.s->>'name' = t.stage limit 1) nulls last,
        t.stage`),
  );
  return rows.map((row) => ({
    workflow_name: row.workflow_name,
    stage: row.stage,
    count: Number(row.count),
    median_seconds: Math.round(Number(row.median_seconds)),
  }));
}
