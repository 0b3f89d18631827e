import type { FastifyInstance } from 'fastify';
import { formsDelete, formsEdit, formsList, formsSlug, formsStore, formsUpdate } from '@/api/contract/forms';
import type { Db } from '../db/open';
import { formForEditor, formSaved, formSummaryOf } from '../domain/pages/present';
import { ancestorsOf, findPage, listChildren, summaryOf } from '../domain/pages/read';
import { freeSlug, slugPart } from '../domain/pages/slugs';
import { deletePage, missing, type SavedPage, storePage, updatePage } from '../domain/pages/write';
import { registerCall } from '../http/route';

export function formsRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    /** Queues the jobs for these forms' scheduled times. */
    schedule: (ids: readonly number[]) => Promise<void>;
  },
) {
  const { db, schedule } = opts;
  /** A saved form's publish and unpublish times get their jobs (a changed time gets a new one). */
  const scheduled = async (saved: SavedPage) => {
    await schedule([saved.id]);
    return saved;
  };

  registerCall(app, formsList, async ({ query }) => {
    const parent = query.parent ? await findPage(db, 'form', query.parent) : null;
    if (query.parent && !parent) throw missing('form');
    const { rows } = await listChildren(db, { kind: 'form', parent: parent?.id ?? null }, parent);
    return {
      data: rows.map(formSummaryOf),
      parent: parent ? formSummaryOf(await summaryOf(db, parent)) : null,
      ancestors: parent ? await ancestorsOf(db, parent.id) : [],
    };
  });

  registerCall(app, formsSlug, async ({ query }) => {
    if (query.id && !(await findPage(db, 'form', query.id))) throw missing('form');
    return { slug: await freeSlug(db, 'form', slugPart(query.name, 'form'), query.id) };
  });

  registerCall(app, formsEdit, async ({ query }) => {
    const row = await findPage(db, 'form', query.id);
    if (!row) throw missing('form');
    return { data: await formForEditor(db, row) };
  });

  registerCall(app, formsStore, async ({ body }) => ({
    ...formSaved(await scheduled(await storePage(db, 'form', body.data, body.parent))),
    message: 'Successfully added form!',
  }));

  registerCall(app, formsUpdate, async ({ body }) => ({
    ...formSaved(await scheduled(await updatePage(db, 'form', body.id, body.data, body.updated_at))),
    message: 'Successfully updated form!',
  }));

  registerCall(app, formsDelete, async ({ body }) => {
    await deletePage(db, 'form', body.id);
    return { message: 'The form has been deleted.' };
  });
}
