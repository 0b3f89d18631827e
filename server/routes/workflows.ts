import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  workflowsCreate,
  workflowsDelete,
  workflowsList,
  workflowsShow,
  workflowsUpdate,
} from '@/api/contract/workflows';
import type { Db } from '../db/open';
import { workflows } from '../db/schema/workflows';
import { treeTransaction } from '../domain/pages/transaction';
import { paginate } from '../domain/paginate';
import {
  adoptLivePages,
  assignWorkflows,
  checkWorkflow,
  findWorkflow,
  listWorkflows,
  WORKFLOW_NOT_FOUND,
  workflowColumns,
} from '../domain/workflows';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

/**
 * Review workflows (issue #28): the group's, managed by whoever the matrix allows. A change
 * works out again which pages each governs, in the same transaction.
 */
export function workflowsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  /** Every page's workflow again; pages newly governed while live keep what the website shows. */
  const reassign = async (tx: Db) => {
    await assignWorkflows(tx, null);
    await adoptLivePages(tx);
  };

  registerCall(app, workflowsList, async ({ query, raw }) => {
    const { rows, total } = await listWorkflows(db, query.page);
    return { workflows: paginate(raw, rows, total, query.page) };
  });

  registerCall(app, workflowsShow, async ({ params }) => {
    const found = await findWorkflow(db, params.id);
    if (!found) throw notFound(WORKFLOW_NOT_FOUND);
    return { data: found };
  });

  registerCall(app, workflowsCreate, async ({ body }) => {
    await checkWorkflow(db, body);
    const id = await treeTransaction(db, async (tx) => {
      const [row] = await tx.insert(workflows).values(workflowColumns(body)).returning({ id: workflows.id });
      await reassign(tx);
      return row!.id;
    });
    return { id, message: 'You have added a new workflow.' };
  });

  registerCall(app, workflowsUpdate, async ({ params, body }) => {
    await checkWorkflow(db, body);
    await treeTransaction(db, async (tx) => {
      const [row] = await tx
        .update(workflows)
        .set({ ...workflowColumns(body), updatedAt: new Date() })
        .where(eq(workflows.id, params.id))
        .returning({ id: workflows.id, stages: workflows.stages });
      if (!row) throw notFound(WORKFLOW_NOT_FOUND);
      await reassign(tx);
      // A page waiting in a stage that is no longer there waits in the last one.
      const last = row.stages.length - 1;
      await tx.execute(
        sql`update page_reviews set stage = ${last} where state = 'in_review' and stage > ${last}
          and page_id in (select id from pages where workflow_id = ${row.id})`,
      );
    });
    return { id: params.id, message: 'The workflow has been updated.' };
  });

  registerCall(app, workflowsDelete, async ({ body }) => {
    const removed = await treeTransaction(db, async (tx) => {
      const rows = await tx
        .delete(workflows)
        .where(inArray(workflows.id, body.ids))
        .returning({ id: workflows.id });
      await reassign(tx);
      return rows.length;
    });
    if (removed === 0) throw invalid({ ids: 'Select workflows that exist.' });
    return {
      message: removed === 1 ? 'The workflow has been deleted.' : `${removed} workflows have been deleted.`,
    };
  });
}
