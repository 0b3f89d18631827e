import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { exportsShow } from '@/api/contract/exports';
import type { AccessArea } from '@/shared/access';
import type { Db } from '../db/open';
import { type ExportKind, exports } from '../db/schema/jobs';
import { followedBy } from '../domain/access/jobFollowers';
import { notFound } from '../http/errors';
import { registerCall } from '../http/route';

/** The area whose records each kind of export reads (vehicles are exported from the settings). */
const EXPORTED_FROM: Record<ExportKind, AccessArea> = { responses: 'responses', vehicles: 'settings' };

export function exportsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  registerCall(app, exportsShow, async ({ params, user }) => {
    const [row] = await db
      .select()
      .from(exports)
      .where(and(eq(exports.id, params.id), followedBy(user, exports, EXPORTED_FROM)));
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
