import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exportsShow } from '@/api/contract/exports';
import type { Db } from '../db/open';
import { exports } from '../db/schema/jobs';
import { notFound } from '../http/errors';
import { registerCall } from '../http/route';

export function exportsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  registerCall(app, exportsShow, async ({ params }) => {
    const [row] = await db.select().from(exports).where(eq(exports.id, params.id));
    if (!row) throw notFound('The export you are looking for does not exist.');
    return {
      data: {
        id: row.id,
        kind: row.kind,
        status: row.status,
        rows_done: row.rowsDone,
        rows_total: row.rowsTotal,
        mailed: row.mailedAt !== null,
      },
    };
  });
}
