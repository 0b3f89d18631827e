import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { pages } from '../../db/schema/pages';
import { recordRevision } from '../history/record';
import { requireDescribedStored } from '../media/blockUses';
import { findPage } from './read';
import { requireReviewed } from './reviewGate';
import { treeTransaction } from './transaction';
import { missing } from './write';
import { requireWholeSubtree, scopeOf, type Writer } from './writer';

/**
 * The Published toggle of a page: on or off, and a revision saying which; off drops its publish
 * and unpublish times, as the builder's Published = No does. Turning it on puts the
 * page's images on the website, so they must say something to a reader who cannot see them; a page
 * under a workflow goes live only as approved.
 */
export async function togglePublished(db: Db, id: number, writer?: Writer): Promise<0 | 1> {
  return treeTransaction(db, async (tx) => {
    const current = await findPage(tx, 'page', id, scopeOf(writer));
    if (!current) throw missing('page');
    await requireWholeSubtree(tx, id, writer);
    if (!current.published) await requireDescribedStored(tx, current, scopeOf(writer));
    const published = await flipPublished(tx, id);
    if (published) await requireReviewed(tx, [id], 'publish');
    await recordRevision(tx, 'pages', published ? 'published' : 'unpublished', id);
    return published;
  });
}

async function flipPublished(db: Db, id: number): Promise<0 | 1> {
  const [row] = await db
    .update(pages)
    .set({
      published: sql`not ${pages.published}`,
      // Unpublished, a page has no publish or unpublish time, as when the builder saves it with
      // Published = No (spec §4 Page published): published again, it goes live from now.
      publishedAt: sql`case when ${pages.published} then null else coalesce(${pages.publishedAt}, now()) end`,
      // An unpublish time that has passed is spent: publishing again does not take the page straight down.
      unpublishAt: sql`case when ${pages.published} or ${pages.unpublishAt} <= now() then null else ${pages.unpublishAt} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(pages.id, id), eq(pages.kind, 'page'), sql`${pages.deletedAt} is null`))
    .returning({ published: pages.published });
  if (!row) throw missing('page');
  return row.published ? 1 : 0;
}
