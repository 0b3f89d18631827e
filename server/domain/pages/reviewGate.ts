import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import type { pageReviews, WorkflowStageColumn } from '../../db/schema/workflows';
import { forbidden } from '../access/require';
import { DRAFT } from './review';
import { rowsOf } from './transaction';

type ReviewRow = typeof pageReviews.$inferSelect;

/**
 * The one review gate of the tree's writes. A page under a workflow reaches the website only as
 * approved: a change that puts one of these pages on it (the toggle, a save or an import that
 * publishes or schedules, a duplicate that publishes its children, putting back a published page)
 * is refused unless the page stands approved as it is now (`publish`); one that only brings a
 * published page into sight (a move) needs an approved version to show (`reveal`). Called in the
 * change's transaction, after the write, so the refusal undoes it.
 */
export async function requireReviewed(
  tx: Db,
  ids: readonly number[],
  mode: 'publish' | 'reveal',
): Promise<void> {
  if (ids.length === 0) return;
  const waiting = rowsOf<{
    name: string;
    workflow: string;
    stages: WorkflowStageColumn[];
    state: ReviewRow['state'] | null;
    stage: number | null;
    has_approved: boolean;
  }>(
    await tx.execute(sql`
      select p.name, w.name as workflow, w.stages, r.state, r.stage, (r.approved is not null) as has_approved
      from pages p
      join workflows w on w.id = p.workflow_id
      left join page_reviews r on r.page_id = p.id
      where p.id = any(${`{${ids.join(',')}}`}::int[]) and p.published and p.deleted_at is null
      order by p.id`),
  );
  const refused = waiting.find((row) =>
    mode === 'publish' ? row.state !== 'approved' : row.has_approved !== true,
  );
  if (!refused) return;
  const stage = refused.state === 'in_review' ? (refused.stages[refused.stage ?? 0]?.name ?? DRAFT) : DRAFT;
  throw forbidden(
    refused.state === 'in_review'
      ? `\u201c${refused.name}\u201d is waiting in ${stage} (${refused.workflow}): it goes on the website once it is approved.`
      : `\u201c${refused.name}\u201d is in ${stage} (${refused.workflow}): submit it for review; it goes on the website once it is approved.`,
  );
}

/**
 * A save of a page that stands approved: if what the website would show changed, the page is a
 * draft again (the website keeps its approved version until the next approval). A draft saved
 * back to exactly its approved version (a revision put back) stands approved again.
 */
export async function markEdited(tx: Db, id: number): Promise<void> {
  await tx.execute(sql`
    with now_as as (
      select r.page_id, r.state,
        (r.approved is not null
          and (p.name, p.meta, p.items, p.configurables, coalesce(p.thank_you, 'null'::jsonb)) is not distinct from
            (r.approved->>'name', r.approved->'meta', r.approved->'items', r.approved->'configurables',
              coalesce(r.approved->'thank_you', 'null'::jsonb))) as same
      from page_reviews r join pages p on p.id = r.page_id
      where r.page_id = ${id} and r.state <> 'in_review'
    )
    update page_reviews r
    set state = case when n.same then 'approved' else 'draft' end, since = now(), comment = null
    from now_as n
    where r.page_id = n.page_id and (n.state = 'approved') <> n.same`);
}
