import { and, eq, isNull, not, sql } from 'drizzle-orm';
import { isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import { countOf } from '@/shared/format';
import type { Db } from '../../db/open';
import { pages } from '../../db/schema/pages';
import { HttpError, invalid } from '../../http/errors';
import { serverAreas } from '../history/areas';
import { recordChange, recordRevision } from '../history/record';
import { inList, lastPosition, moveToList, placeAt } from '../ordering';
import { emitEvent, pagePaths } from '../webhooks/outbox';
import { assignWorkflows } from '../workflows';
import { type Placement, treeList } from './lists';
import { ancestorsOf, findPage, subtreeOf } from './read';
import { requireReviewed } from './reviewGate';
import { pageInScope } from './scope';
import { childSlug, freeSlug, HOMEPAGE } from './slugs';
import { treeTransaction } from './transaction';
import { CYCLE, lockChildren, locked, missing, requireParent, rewriteDescendants } from './write';
import { requireWholeSubtree, scopeOf, type Writer } from './writer';

// Where a page sits in the tree: moved under another parent, or put in order among its siblings.

/** Moves serialise on this lock, so two crossing moves cannot make a loop between them. */
const MOVE_LOCK = 7_303;

/**
 * Moves a page under another parent; a scoped user moves their pages between their places only,
 * and only with everything below them (the pages below change their addresses with it).
 */
export async function movePage(db: Db, id: number, parentId: number | null, writer?: Writer): Promise<void> {
  const scope = scopeOf(writer);
  await treeTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MOVE_LOCK}, 0)`);
    const page = await findPage(tx, 'page', id, scope);
    if (!page) throw missing('page');
    await requireWholeSubtree(tx, id, writer);
    if (page.locked) throw locked();
    if (parentId === id) throw invalid({ parent: CYCLE });
    // Both lists at once, smallest first as every tree write takes them: the new parent is checked
    // under its lock, so a delete of it at the same moment either comes first (and is seen here) or
    // counts this page among its children.
    await lockChildren(tx, 'page', [page.parentId, parentId]);
    const parent = await requireParent(tx, 'page', parentId, scope);
    if (parent && (await ancestorsOf(tx, parent.id)).some((a) => a.id === id))
      throw invalid({ parent: CYCLE });
    if (page.parentId === parentId) return;
    if (page.slug === HOMEPAGE) throw invalid({ parent: 'The homepage stays at the top of the tree.' });
    // The page leaves its parent's list (which closes up) for the end of the new parent's.
    await moveToList(tx, treeList('page'), [id], parentId);
    // Read again under the locks: a rename or a delete may have come first.
    const fresh = await findPage(tx, 'page', id);
    if (!fresh) throw missing('page');
    const slug = await freeSlug(
      tx,
      'page',
      childSlug(parent?.slug ?? null, fresh.slug.split('/').at(-1)!),
      id,
    );
    await tx.update(pages).set({ slug, updatedAt: new Date() }).where(eq(pages.id, id));
    await rewriteDescendants(tx, id, fresh.slug, slug);
    // Under another workflow now, or under a published parent: only approved pages come into sight.
    await assignWorkflows(tx, [id]);
    const moved = await subtreeOf(tx, id);
    await requireReviewed(
      tx,
      moved.map((row) => row.id),
      'reveal',
    );
    await recordRevision(tx, 'pages', 'moved', id);
  });
}

export const SORTED_STALE =
  'Someone else changed these pages since you opened them. Reload to see their changes.';

export const OTHERS_AMONG_THEM =
  'Pages of other brands are among these: a user with the whole group in their scope can order them.';

/** Whether a page has live children outside the scope. */
async function hiddenChildren(tx: Db, parentId: number, scope: Scope): Promise<boolean> {
  const [row] = await tx
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.parentId, parentId), isNull(pages.deletedAt), not(pageInScope(scope) ?? sql`true`)))
    .limit(1);
  return row !== undefined;
}

export async function sortPages(db: Db, placements: Placement[], scope: Scope = wholeGroup): Promise<void> {
  await treeTransaction(db, async (tx) => {
    const ids = placements.map((p) => p.id);
    const found = await tx
      .select({ id: pages.id, parentId: pages.parentId, locked: pages.locked, sortOrder: pages.sortOrder })
      .from(pages)
      .where(
        and(
          sql`${pages.id} = any(${`{${ids.join(',')}}`}::int[]) and kind = 'page' and deleted_at is null`,
          pageInScope(scope),
        ),
      );
    if (found.length !== ids.length) throw invalid({ data: 'Some of the selected pages do not exist.' });
    const parents = new Set(found.map((r) => r.parentId));
    if (parents.size !== 1) throw invalid({ data: 'Sort the children of one page at a time.' });
    const parentId = found[0]!.parentId;
    const parent = parentId === null ? null : await findPage(tx, 'page', parentId);
    // The order of a list is its parent's: a scoped user orders only the children of their own pages.
    if (!isGroupWide(scope) && (parentId === null || !(await findPage(tx, 'page', parentId, scope)))) {
      throw missing('page');
    }
    // Indexes count the children the user sees: with another brand's among them they would not say where.
    if (!isGroupWide(scope) && (await hiddenChildren(tx, parentId!, scope))) {
      throw invalid({ data: OTHERS_AMONG_THEM });
    }
    if (parent && parent.sortBy !== 'sort_order') {
      throw invalid({ data: 'These pages are ordered by their publish date.' });
    }
    const list = treeList('page');
    await lockChildren(tx, 'page', [parentId]);
    // Read under the lock: the places as they are now, and how many children there are.
    const now = await tx
      .select({ id: pages.id, sortOrder: pages.sortOrder })
      .from(pages)
      .where(and(sql`${pages.id} = any(${`{${ids.join(',')}}`}::int[])`, inList(list, parentId)));
    const position = new Map(now.map((r) => [r.id, r.sortOrder]));
    // All were this parent's children when first read: one deleted or moved away since.
    if (ids.some((pageId) => !position.has(pageId))) throw new HttpError(409, SORTED_STALE);
    const count = await lastPosition(tx, list, parentId);
    if (placements.some((p) => p.index > count)) {
      throw invalid({ data: `Indexes run from 1 to ${count}.` });
    }
    if (new Set(placements.map((p) => p.index)).size !== placements.length) {
      throw invalid({ data: 'Give each page its own index.' });
    }
    const isLocked = new Map(found.map((r) => [r.id, r.locked]));
    if (placements.some((p) => isLocked.get(p.id) && position.get(p.id) !== p.index)) throw locked();
    await placeAt(
      tx,
      list,
      parentId,
      placements.map((p) => ({ id: p.id, position: p.index })),
    );
    await recordChange(tx, {
      area: 'pages',
      action: 'sorted',
      detail: `${countOf(placements.length, 'page', 'pages')} under ${parent ? parent.name : 'the top level'}`,
    });
    // One event for the whole sort: the list's page, which shows the new order, and each page.
    await emitEvent(tx, {
      type: 'page.moved',
      owner: serverAreas.pages.owner!(sql`${parentId ?? ids[0]!}::int`),
      ids,
      paths: sql`(select coalesce(array_agg(distinct x), '{}') from pages sorted,
        unnest(${pagePaths(sql`sorted.id`)}) x where sorted.id = any(${`{${ids.join(',')}}`}::int[]))`,
    });
  });
}
