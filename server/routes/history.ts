import type { FastifyInstance } from 'fastify';
import { activityList, activityUsers } from '@/api/contract/activity';
import { calls as brandCalls } from '@/api/contract/brands';
import { calls as dealershipCalls } from '@/api/contract/dealerships';
import type { CallDef } from '@/api/contract/define';
import { calls as formCalls } from '@/api/contract/forms';
import { type HistoryArea, historyAreas } from '@/api/contract/history';
import { calls as pageCalls } from '@/api/contract/pages';
import { calls as roleCalls } from '@/api/contract/roles';
import { calls as settingsCalls } from '@/api/contract/settings';
import { calls as templateCalls } from '@/api/contract/templates';
import { isGroupWide, type Scope } from '@/shared/access';
import { areas } from '@/shared/areas';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../db/open';
import { type BrandRow, brandFromRow } from '../domain/brands';
import { type DealershipRow, dealershipFromRow } from '../domain/dealerships';
import { historyStore } from '../domain/history/areas';
import { activityPeople, findRevision, listActivity, listRevisions } from '../domain/history/read';
import { loadRow, recordKey, type StoredRow } from '../domain/history/rows';
import { formForEditor, pageForEditor } from '../domain/pages/present';
import type { PageRow } from '../domain/pages/read';
import { paginate } from '../domain/paginate';
import { type RoleRow, roleFromRow } from '../domain/roles';
import { loadedSettings } from '../domain/settings';
import { type TemplateRow, toTemplate } from '../domain/templates';
import { invalid, notFound } from '../http/errors';
import { registerCall } from '../http/route';

type Serialise = (db: Db, row: StoredRow) => Promise<unknown> | unknown;

/**
 * Each area's history calls and how a stored row becomes what its edit (or show) call answers:
 * the same function, so a revision loads into the editor as the record itself would. Every area
 * of `historyAreas` has its entry, or this does not compile.
 */
const historyRoutesOf: Record<
  HistoryArea,
  { calls: { history: CallDef; historyShow: CallDef }; serialise: Serialise }
> = {
  pages: { calls: pageCalls, serialise: (db, row) => pageForEditor(db, row as PageRow) },
  forms: { calls: formCalls, serialise: (db, row) => formForEditor(db, row as PageRow) },
  templates: { calls: templateCalls, serialise: (_db, row) => toTemplate(row as TemplateRow) },
  roles: { calls: roleCalls, serialise: (db, row) => roleFromRow(db, row as RoleRow) },
  brands: { calls: brandCalls, serialise: (db, row) => brandFromRow(db, row as BrandRow) },
  dealerships: {
    calls: dealershipCalls,
    serialise: (db, row) => dealershipFromRow(db, row as DealershipRow),
  },
  settings: {
    calls: settingsCalls,
    serialise: (_db, row) => loadedSettings(row as { value: unknown; updatedAt: Date }),
  },
};

export function historyRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  for (const area of historyAreas) {
    const { calls, serialise } = historyRoutesOf[area];
    const { noun } = areas[area];
    const one = historyStore(area).one !== undefined;
    /** The key of the record a query names: an area that is one record has one, any other needs its id. */
    /** A record's history is read only when the record is in the user's scope (else it is not found). */
    const keyOf = async (id: number | undefined, scope: Scope): Promise<string> => {
      if (!one && id === undefined) throw invalid({ id: `Choose the ${noun} whose history to show.` });
      const key = recordKey(area, id);
      const reachable = one ? isGroupWide(scope) : await loadRow(db, area, key, scope);
      if (!reachable) {
        throw notFound(missingRecord(noun));
      }
      return key;
    };

    registerCall(app, calls.history, async ({ query, raw, user }) => {
      const q = query as { id?: number; page: number };
      const { rows, total } = await listRevisions(db, area, await keyOf(q.id, user.access.scope), q.page);
      return paginate(raw, rows, total, q.page);
    });

    registerCall(app, calls.historyShow, async ({ query, user }) => {
      const q = query as { id?: number; revision: number };
      const { revision, row } = await findRevision(
        db,
        area,
        await keyOf(q.id, user.access.scope),
        q.revision,
      );
      return { revision, data: await serialise(db, row) };
    });
  }

  registerCall(app, activityList, async ({ query, raw, user }) => {
    const { rows, total } = await listActivity(db, query, user);
    return paginate(raw, rows, total, query.page);
  });

  registerCall(app, activityUsers, async ({ user }) => ({ data: await activityPeople(db, user) }));
}
