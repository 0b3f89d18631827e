import { eq, sql } from 'drizzle-orm';
import type { FormValues } from '@/api/contract/forms';
import { PAGE_RESTORE_SECONDS, type PageValues } from '@/api/contract/pages';
import { GROUP_TOP_LEVEL, isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import { withBlockIds } from '@/shared/blockIds';
import { missingRecord } from '@/shared/missing';
import type { Db } from '../../db/open';
import { type FormEmailsColumn, pages } from '../../db/schema/pages';
import { HttpError, invalid, notFound } from '../../http/errors';
import { checkBlocks, withHeldFlags } from '../blocks';
import { recordChange, recordRevision } from '../history/record';
import { removeHistory } from '../history/retention';
import { breaksLock } from '../locks';
import { saveRecordImages } from '../media/blockUses';
import { clearMediaUses, copyMediaUses } from '../media/uses';
import { lastPosition, lockLists, placeAt, placeAtEnd, removeFromLists } from '../ordering';
import { type RecordTable, saveVersioned } from '../records';
import { requireTemplate } from '../templates';
import { emitPathChange } from '../webhooks/outbox';
import { assignWorkflows } from '../workflows';
import { type TreeKind, treeList } from './lists';
import type { SavedPage } from './present';

export type { SavedPage };

import { checkBrand } from './brandCheck';
import { countChildren, findPage, type PageRow, subtreeOf } from './read';
import { markEdited, requireReviewed } from './reviewGate';
import { pageScopeSql } from './scope';
import { childSlug, freeSlug, HOMEPAGE, slugPart } from './slugs';
import { rowsOf, treeTransaction } from './transaction';
import { changesPublishing, requirePublish, requireWholeSubtree, scopeOf, type Writer } from './writer';

export const LOCKED = 'This page is locked you cannot make structural changes to this page.';
export const HAS_CHILDREN = 'You cannot delete as you have child pages.';
export const CYCLE = 'A page cannot be moved under itself or one of its own children.';
export const NO_CHILDREN_ALLOWED = 'That page cannot hold child pages.';
export const NO_SUCH_PARENT = 'Choose a parent page that exists.';

const noun = (kind: TreeKind) => (kind === 'page' ? 'page' : 'form');
/** The area a page or form's history and activity belong to. */
const areaOf = (kind: TreeKind) => (kind === 'page' ? 'pages' : 'forms');
const missingText = (kind: TreeKind) => missingRecord(noun(kind));
export const missing = (kind: TreeKind) => notFound(missingText(kind));
export const locked = () => new HttpError(403, LOCKED);
const pagesTable: RecordTable = { table: pages, id: pages.id, updatedAt: pages.updatedAt };

/** Serialises writes to these parents' children (null: the top level) until the transaction ends. */
export const lockChildren = (tx: Db, kind: TreeKind, parents: (number | null)[]) =>
  lockLists(tx, treeList(kind), parents);

/** The position a child added last under `parent` takes. */
const nextPosition = async (tx: Db, kind: TreeKind, parent: number | null) =>
  (await lastPosition(tx, treeList(kind), parent)) + 1;

/** Removes pages whose Undo time ran out; a page still referenced by a waiting child goes later. */
async function purgeExpired(tx: Db): Promise<void> {
  const gone = rowsOf<{ id: number; kind: TreeKind }>(
    await tx.execute(sql`
      delete from pages p
      where p.deleted_at < now() - make_interval(secs => ${PAGE_RESTORE_SECONDS})
        and not exists (select 1 from pages c where c.parent_id = p.id)
      returning p.id, p.kind`),
  );
  // Gone for good, and their history with them.
  for (const kind of ['page', 'form'] as const) {
    const ids = gone.filter((row) => row.kind === kind).map((row) => row.id);
    await removeHistory(tx, areaOf(kind), ids.map(String));
    await clearMediaUses(tx, areaOf(kind), ids);
  }
}

type TreeValues = PageValues | FormValues;

function columnsOf(kind: TreeKind, values: TreeValues) {
  const form = kind === 'form' ? (values as FormValues) : null;
  return {
    name: values.name,
    brandId: values.brand_id,
    meta: values.meta,
    published: values.published === 1,
    publishedAt: values.published_at ? new Date(values.published_at) : null,
    unpublishAt: values.unpublish_at ? new Date(values.unpublish_at) : null,
    items: withBlockIds(values.items),
    configurables: values.configurables,
    locked: values.locked === 1,
    childTemplateId: values.child_template_id,
    sortBy: values.sort_by,
    sortByMode: values.sort_by_mode,
    isAllowedChildren: values.is_allowed_children === 1,
    isTreeRecursive: values.is_tree_recursive === 1,
    ...(form
      ? { emails: form.emails as FormEmailsColumn, thankYou: form.thank_you }
      : { emails: null, thankYou: null }),
  };
}

/**
 * The parent a page may go under: same kind, live, open to children, and (for a scoped user) in
 * their scope: another brand's page is not found, and the top level is the group's.
 */
export async function requireParent(
  tx: Db,
  kind: TreeKind,
  parent: number | null,
  scope: Scope = wholeGroup,
): Promise<PageRow | null> {
  const scoped = !isGroupWide(scope);
  if (parent === null) {
    if (scoped) throw invalid({ parent: GROUP_TOP_LEVEL });
    return null;
  }
  const row = await findPage(tx, kind, parent, scope);
  if (!row) throw scoped ? missing(kind) : invalid({ parent: NO_SUCH_PARENT });
  if (!row.isAllowedChildren) throw invalid({ parent: NO_CHILDREN_ALLOWED });
  return row;
}

/** The slug a page gets from its name under a parent; forms get a flat handle. */
async function slugFor(
  tx: Db,
  kind: TreeKind,
  name: string,
  parent: PageRow | null,
  exceptId?: number,
): Promise<string> {
  if (kind === 'form') return freeSlug(tx, kind, slugPart(name, 'form'), exceptId);
  return freeSlug(tx, kind, childSlug(parent?.slug ?? null, slugPart(name, 'page')), exceptId);
}

/** The homepage is asked for by its slug '/': only at the top level, and only one. */
async function homepageSlug(tx: Db, parent: PageRow | null, exceptId?: number): Promise<string> {
  if (parent) throw invalid({ slug: 'Only a top-level page can be the homepage.' });
  const taken = await freeSlug(tx, 'page', HOMEPAGE, exceptId);
  if (taken !== HOMEPAGE) throw invalid({ slug: 'There is already a homepage.' });
  return HOMEPAGE;
}

/** Descendants' slugs follow a page whose slug changed. */
export async function rewriteDescendants(tx: Db, id: number, from: string, to: string): Promise<void> {
  if (from === to) return;
  await emitPathChange(tx, id, from, to);
  const oldPrefix = from === HOMEPAGE ? '' : `${from}/`;
  const newPrefix = to === HOMEPAGE ? '' : `${to}/`;
  await tx.execute(sql`
    with recursive down(id) as (
      select id from pages where parent_id = ${id} and deleted_at is null
      union all
      select p.id from pages p join down on p.parent_id = down.id where p.deleted_at is null
    )
    update pages set slug = ${newPrefix} || substr(slug, ${oldPrefix.length + 1})
    where id in (select id from down) and left(slug, ${oldPrefix.length}) = ${oldPrefix}`);
}

export async function storePage(
  db: Db,
  kind: TreeKind,
  values: TreeValues,
  parentId: number | null,
  /** `imported` for a page or form an import made. */
  action: 'created' | 'imported' = 'created',
  writer?: Writer,
): Promise<SavedPage> {
  if (changesPublishing(values)) requirePublish(writer, kind);
  const held = { ...values, items: withHeldFlags(values.items, []) };
  checkBlocks(held);
  const scope = scopeOf(writer);
  return treeTransaction(db, async (tx) => {
    await purgeExpired(tx);
    await lockChildren(tx, kind, [parentId]);
    // Checked under the lock, so a parent deleted at the same moment is seen.
    const parent = await requireParent(tx, kind, parentId, scope);
    await checkBrand(tx, kind, values.brand_id, undefined, scope);
    await requireTemplate(tx, values.child_template_id);
    const slug =
      kind === 'page' && 'slug' in values && values.slug === HOMEPAGE
        ? await homepageSlug(tx, parent)
        : await slugFor(tx, kind, values.name, parent);
    const [row] = await tx
      .insert(pages)
      .values({
        ...columnsOf(kind, held),
        kind,
        slug,
        parentId,
        sortOrder: await nextPosition(tx, kind, parentId),
      })
      .returning({ id: pages.id, slug: pages.slug, updatedAt: pages.updatedAt });
    await saveRecordImages(tx, areaOf(kind), row!.id, held, scope);
    await assignWorkflows(tx, [row!.id], false);
    // A new page or form under a workflow starts as a draft: made published, it is refused.
    if (values.published === 1) await requireReviewed(tx, [row!.id], 'publish');
    await recordRevision(tx, areaOf(kind), action, row!.id);
    return row!;
  });
}

export async function updatePage(
  db: Db,
  kind: TreeKind,
  id: number,
  values: TreeValues,
  updatedAt: string | undefined,
  writer?: Writer,
): Promise<SavedPage> {
  const scope = scopeOf(writer);
  return treeTransaction(db, async (tx) => {
    let slug = '';
    let held = values;
    const saved = await saveVersioned(tx, pagesTable, {
      id,
      loadedAt: updatedAt,
      find: (id) => findPage(tx, kind, id, scope),
      check: async (current) => {
        if (changesPublishing(values, current)) requirePublish(writer, kind);
        // The lock keeps its blocks, itself, and the template its children start from.
        if (
          current.locked &&
          (breaksLock(current, values) || values.child_template_id !== current.childTemplateId)
        ) {
          throw locked();
        }
        held = { ...values, items: withHeldFlags(values.items, current.items) };
        checkBlocks(held, current);
        await checkBrand(tx, kind, values.brand_id, current, scope);
        await requireTemplate(tx, values.child_template_id);
      },
      values: async (current) => {
        await lockChildren(tx, kind, [current.parentId]);
        // Read again under the lock a delete takes: one that went to the bin meanwhile is not saved.
        if (!(await findPage(tx, kind, id, scope))) throw missing(kind);
        slug = await savedSlug(tx, kind, current, values);
        // The pages below follow a page's slug and publishing on the website (a form's do not).
        if (kind === 'page' && (slug !== current.slug || changesPublishing(values, current)))
          await requireWholeSubtree(tx, id, writer);
        return { ...columnsOf(kind, held), slug };
      },
      saved: async (before) => {
        if (kind === 'page') await rewriteDescendants(tx, id, before.slug, slug);
        // Its brand may have brought it under another workflow; what it shows may now need a review.
        if (before.brandId !== values.brand_id) await assignWorkflows(tx, [id], false);
        await markEdited(tx, id);
        if (values.published === 1 && changesPublishing(values, before)) {
          await requireReviewed(tx, [id], 'publish');
        }
      },
      messages: {
        notFound: missingText(kind),
        conflict: `Someone else changed this ${noun(kind)} since you opened it. Reload to see their changes.`,
      },
      inTransaction: true,
    });
    await saveRecordImages(tx, areaOf(kind), id, held, scope);
    await recordRevision(tx, areaOf(kind), 'updated', id);
    return { id: saved.id, slug, updatedAt: saved.updatedAt };
  });
}

/** The slug a saved page keeps or gets: '/' asks for the homepage, otherwise it follows the name. */
async function savedSlug(tx: Db, kind: TreeKind, current: PageRow, values: TreeValues): Promise<string> {
  const parent = current.parentId === null ? null : await findPage(tx, kind, current.parentId);
  if (kind === 'page' && 'slug' in values && values.slug === HOMEPAGE) {
    return current.slug === HOMEPAGE ? HOMEPAGE : homepageSlug(tx, parent, current.id);
  }
  const wanted = await slugFor(tx, kind, values.name, parent, current.id);
  // A slug already made from this name (base or base-n) stays, so saving does not renumber it.
  const base =
    kind === 'form'
      ? slugPart(values.name, 'form')
      : childSlug(parent?.slug ?? null, slugPart(values.name, 'page'));
  const keeps = current.slug === base || new RegExp(`^${base}-[0-9]+$`).test(current.slug);
  return keeps ? current.slug : wanted;
}

export async function duplicatePage(
  db: Db,
  id: number,
  parentId: number | null,
  fields: { name: string; children: boolean; publish_children: boolean },
  writer?: Writer,
): Promise<number> {
  if (fields.children && fields.publish_children) requirePublish(writer, 'page');
  const scope = scopeOf(writer);
  return treeTransaction(db, async (tx) => {
    const source = await findPage(tx, 'page', id, scope);
    if (!source) throw missing('page');
    await lockChildren(tx, 'page', [parentId]);
    const parent = await requireParent(tx, 'page', parentId, scope);
    // A scoped user copies the part of the subtree that is theirs.
    const rows = fields.children ? await subtreeOf(tx, id, scope) : [{ ...source, depth: 0 }];
    const fresh = await tx.execute(
      sql`select nextval(pg_get_serial_sequence('pages', 'id'))::int as id from generate_series(1, ${rows.length})`,
    );
    const newIds = rowsOf<{ id: number }>(fresh).map((r) => Number(r.id));
    const idOf = new Map(rows.map((row, i) => [row.id, newIds[i]!]));
    const rootSlug = await slugFor(tx, 'page', fields.name, parent);
    const oldPrefix = source.slug === HOMEPAGE ? '' : `${source.slug}/`;
    const now = new Date();
    const copies = rows.map((row) => {
      const isRoot = row.id === id;
      const rest = row.slug.startsWith(oldPrefix)
        ? row.slug.slice(oldPrefix.length)
        : row.slug.split('/').at(-1)!;
      const { id: _old, depth: _depth, createdAt: _c, updatedAt: _u, deletedAt: _d, ...copy } = row;
      const published = isRoot ? false : fields.publish_children;
      return {
        ...copy,
        id: idOf.get(row.id)!,
        name: isRoot ? fields.name : row.name,
        slug: isRoot ? rootSlug : `${rootSlug}/${rest}`,
        parentId: isRoot ? parentId : idOf.get(row.parentId!)!,
        published,
        publishedAt: published ? (row.publishedAt ?? now) : null,
        createdAt: now,
        updatedAt: now,
      };
    });
    copies[0]!.sortOrder = await nextPosition(tx, 'page', parentId);
    // Parents come before their children, so each batch's parents are already in place.
    for (let i = 0; i < copies.length; i += 500) await tx.insert(pages).values(copies.slice(i, i + 500));
    await copyMediaUses(tx, 'pages', idOf);
    // The copies are new pages: under a workflow none is approved, so none is published.
    await assignWorkflows(tx, [newIds[0]!]);
    if (fields.publish_children) await requireReviewed(tx, newIds, 'publish');
    await recordRevision(tx, 'pages', 'duplicated', newIds[0]!, `Copy of ${source.name}`);
    return newIds[0]!;
  });
}

export async function deletePage(db: Db, kind: TreeKind, id: number, writer?: Writer): Promise<void> {
  await treeTransaction(db, async (tx) => {
    await purgeExpired(tx);
    const page = await findPage(tx, kind, id, scopeOf(writer));
    if (!page) throw missing(kind);
    if (page.locked) throw locked();
    await lockChildren(tx, kind, [page.parentId, id]);
    // Other brands' children are not counted for a scoped user: the refusal names them instead.
    await requireWholeSubtree(tx, id, writer);
    // Counted under the lock on this page's children, so a child added at the same moment is seen.
    if ((await countChildren(tx, id)) > 0) throw invalid({ id: HAS_CHILDREN });
    // Out of its parent's list, which closes up; its position stays for Undo.
    await removeFromLists(tx, treeList(kind), [id], async () => {
      await tx.update(pages).set({ deletedAt: new Date() }).where(eq(pages.id, id));
    });
    await recordChange(tx, { area: areaOf(kind), action: 'deleted', record: { id, name: page.name } });
  });
}

export async function restorePage(db: Db, id: number, writer?: Writer): Promise<void> {
  await treeTransaction(db, async (tx) => {
    // Locked as found: a second restore (or a purge as its time runs out) waits, then finds it back.
    const result = await tx.execute(sql`
      select id from pages where id = ${id} and kind = 'page'
        and deleted_at >= now() - make_interval(secs => ${PAGE_RESTORE_SECONDS})
        and ${pageScopeSql(scopeOf(writer), sql`"pages"`)} for update`);
    if (rowsOf(result).length === 0) throw notFound('That page can no longer be put back.');
    const [row] = await tx.select().from(pages).where(eq(pages.id, id));
    // A published page put back is on the website again.
    if (row!.published) requirePublish(writer, 'page');
    const parent = row!.parentId === null ? null : await findPage(tx, 'page', row!.parentId);
    if (row!.parentId !== null && !parent) throw invalid({ id: 'The page it was under no longer exists.' });
    const list = treeList('page');
    await lockChildren(tx, 'page', [row!.parentId]);
    const slug = await freeSlug(tx, 'page', row!.slug, id);
    // Back at the end of its parent's list, then at the place it left (or the end, if the list shrank).
    await placeAtEnd(tx, list, [id]);
    await tx.update(pages).set({ deletedAt: null, slug }).where(eq(pages.id, id));
    const last = await lastPosition(tx, list, row!.parentId);
    await placeAt(tx, list, row!.parentId, [{ id, position: Math.min(row!.sortOrder, last) }]);
    // Back in sight, a page under a workflow shows its approved version: it needs one.
    await assignWorkflows(tx, [id]);
    if (row!.published) await requireReviewed(tx, [id], 'reveal');
    await recordRevision(tx, 'pages', 'restored', id);
  });
}
