import { and, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { pages } from '../db/schema/pages';

/**
 * A page or form a website may show: published, its publication time reached (a later one means
 * it is scheduled), its unpublish time (if any) not yet reached, not in the bin, and, under a
 * review workflow, approved at least once (the website then serves its approved content, see
 * `approvedContent`). The one place that rule is written for the tree's rows: it holds to the
 * second, whether or not the job that follows a scheduled change has run yet.
 */
export const publishedNow: SQL = and(
  eq(pages.published, true),
  or(isNull(pages.publishedAt), lte(pages.publishedAt, sql`now()`)),
  or(isNull(pages.unpublishAt), gt(pages.unpublishAt, sql`now()`)),
  isNull(pages.deletedAt),
  sql`(${pages.workflowId} is null or exists (select 1 from page_reviews pr where pr.page_id = ${pages.id} and pr.approved is not null))`,
) as SQL;

/** The same rule for a row named `alias` in raw SQL (the recursive walks up the tree). */
export const publishedNowIn = (alias: string): SQL =>
  sql.raw(
    `(${alias}.published and (${alias}.published_at is null or ${alias}.published_at <= now()) and (${alias}.unpublish_at is null or ${alias}.unpublish_at > now()) and ${alias}.deleted_at is null and (${alias}.workflow_id is null or exists (select 1 from page_reviews pr where pr.page_id = ${alias}.id and pr.approved is not null)))`,
  );

/**
 * One field of what the website shows of a page or form named `alias`: under a workflow, its
 * approved content (later edits wait for their review), otherwise the row as saved.
 */
export const approvedContent = (
  alias: string,
  field: 'name' | 'meta' | 'items' | 'configurables' | 'thank_you',
): SQL =>
  sql.raw(
    `coalesce((select pr.approved${field === 'name' ? '->>' : '->'}'${field}' from page_reviews pr where pr.page_id = ${alias}.id and ${alias}.workflow_id is not null), ${alias}.${field})`,
  );
