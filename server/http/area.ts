import type { FastifyInstance } from 'fastify';
import type { CallDef } from '@/api/contract/define';
import { isGroupWide } from '@/shared/access';
import { countOf } from '@/shared/format';
import type { Db } from '../db/open';
import type { AuthUser } from '../domain/auth/guard';
import { recordChange } from '../domain/history/record';
import { type BinRules, deleteRows, requireAll, restoreRows } from '../domain/lifecycle';
import { type ListNarrowing, type ListSource, listBoth, listPage, type PagedSource } from '../domain/listing';
import { reorder } from '../domain/ordering';
import { pageSize, paginate } from '../domain/paginate';
import { transaction } from '../domain/transaction';
import { registerCall } from './route';

/**
 * The bin of one area, described once: its delete, restore and (for hand-ordered lists) sort
 * calls, with the messages spec §7 gives them. `singular`/`plural` name the records in them.
 */
export interface BinArea {
  db: Db;
  source: Pick<ListSource<unknown, unknown>, 'lifecycle'>;
  /** `brand(s)` in 'Moved 2 brand(s) to the bin.' */
  singular: string;
  /** As `lifecycleCalls` (src/api/contract/lifecycle.ts) makes them: ids under the area's key. */
  calls: { remove: CallDef; restore: CallDef; sort?: CallDef };
  /** Refuses a delete the area does not allow (a user binning their own account); throws a 422. */
  guardDelete?: (ids: number[], user: AuthUser) => void;
  /**
   * Rules checked in the call's transaction, given who asks: `before` a delete or restore (ids
   * out of the caller's scope), and around a delete (a role still held, the last administrator).
   */
  rules?: (user: AuthUser, type: 'all' | 'trashed' | 'restore') => BinRules;
  /** What follows a delete that landed (a binned user's sessions end). */
  deleted?: (ids: number[], type: 'all' | 'trashed') => Promise<void>;
}

/** The ids a bin call carries under the area's key; the call's schema has already checked them. */
function idsOf(body: unknown, key: string): number[] {
  return (body as Record<string, number[]>)[key] ?? [];
}

/** Registers delete, restore and sort for one area. */
export function registerBin(app: FastifyInstance, area: BinArea): void {
  const { db, singular, calls } = area;
  const t = area.source.lifecycle;
  const noun = `${singular}(s)`;

  registerCall(app, calls.remove, async ({ body, user }) => {
    const ids = idsOf(body, t.key);
    area.guardDelete?.(ids, user);
    const type = (body as { type: 'all' | 'trashed' }).type;
    const n = await deleteRows(db, t, ids, type, user.access.scope, area.rules?.(user, type));
    await area.deleted?.(ids, type);
    return {
      message: type === 'trashed' ? `Deleted ${n} ${noun} forever.` : `Moved ${n} ${noun} to the bin.`,
    };
  });

  registerCall(app, calls.restore, async ({ body, user }) => {
    const n = await restoreRows(db, t, idsOf(body, t.key), user.access.scope, area.rules?.(user, 'restore'));
    return { message: `Restored ${n} ${noun}.` };
  });

  const { sort } = calls;
  if (sort) {
    const order = t.order;
    if (!order) throw new Error(`${t.key} has a sort call but no hand-made order`);
    registerCall(app, sort, async ({ body, user }) => {
      const ids = idsOf(body, t.key);
      // A scoped user orders their own rows among the slots those rows hold; others' are not theirs to name.
      if (ids.length > 0 && !isGroupWide(user.access.scope))
        await requireAll(db, t, ids, false, user.access.scope);
      await transaction(db, async (tx) => {
        await reorder(tx, order, ids);
        await recordChange(tx, {
          area: t.activity.area,
          action: 'sorted',
          detail: countOf(ids.length, singular, t.noun),
        });
      });
      return { message: `The order of the ${t.noun} has been saved.` };
    });
  }
}

/**
 * Registers a list call of an area with a bin: `{<key>: paginator, trashed: paginator}`, both
 * pages and both totals from `listBoth`.
 */
export function registerList<Item, Row>(
  app: FastifyInstance,
  call: CallDef,
  opts: {
    db: Db;
    key: string;
    source: ListSource<Row, Item>;
    /** What narrows this call's rows (the caller's scope, the query's filters); none: every row. */
    narrow?: (query: Record<string, unknown>, user: AuthUser) => ListNarrowing | undefined;
  },
): void {
  registerCall(app, call, async ({ query, raw, user }) => {
    // The call's query schema (listQuery, with perPage where the area allows it) has parsed these.
    const q = query as { search: string; page: number; perPage?: number };
    const perPage = pageSize(q.perPage);
    // Every row on one page has only that page.
    const page = perPage === -1 ? 1 : q.page;
    const narrow = opts.narrow?.(query as Record<string, unknown>, user);
    const { active, trashed } = await listBoth(
      opts.db,
      opts.source,
      { search: q.search, page, perPage },
      user.access.scope,
      narrow,
    );
    return {
      [opts.key]: paginate(raw, active.rows, active.total, page, perPage),
      trashed: paginate(raw, trashed.rows, trashed.total, page, perPage),
    };
  });
}

/** Registers the list call of an area without a bin (templates): `{<key>: paginator}`. */
export function registerPagedList<Item, Row>(
  app: FastifyInstance,
  call: CallDef,
  opts: {
    db: Db;
    key: string;
    source: PagedSource<Row, Item>;
    /** Values for the source's own placeholders, from the parsed query (the form a list is of). */
    values?: (query: Record<string, unknown>) => Record<string, unknown>;
  },
): void {
  registerCall(app, call, async ({ query, raw }) => {
    // As above: the call's query schema has parsed these.
    const q = query as { search: string; page: number; perPage?: number };
    const perPage = pageSize(q.perPage);
    const page = perPage === -1 ? 1 : q.page;
    const values = opts.values?.(query as Record<string, unknown>) ?? {};
    const { rows, total } = await listPage(opts.db, opts.source, { search: q.search, page, perPage }, values);
    return { [opts.key]: paginate(raw, rows, total, page, perPage) };
  });
}
