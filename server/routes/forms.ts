import type { FastifyInstance } from 'fastify';
import {
  formsApprove,
  formsDelete,
  formsEdit,
  formsList,
  formsRequestChanges,
  formsSlug,
  formsStore,
  formsSubmit,
  formsUpdate,
} from '@/api/contract/forms';
import type { Db } from '../db/open';
import type { NoticeMail } from '../domain/notifications/notify';
import { formForEditor, formSaved, formSummaryOf } from '../domain/pages/present';
import { ancestorsOf, findPage, listChildren, summaryOf } from '../domain/pages/read';
import { reviewOf } from '../domain/pages/review';
import { freeSlug, slugPart } from '../domain/pages/slugs';
import { deletePage, missing, type SavedPage, storePage, updatePage } from '../domain/pages/write';
import { registerCall } from '../http/route';
import { registerReviewCalls } from './reviewCalls';

export function formsRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    /** How review moves send their notices' e-mail. */
    mail: NoticeMail;
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

  // A form with a brand is that brand's; one without is the group's, seen by group-wide users only.
  registerCall(app, formsList, async ({ query, user }) => {
    const { scope } = user.access;
    const parent = query.parent ? await findPage(db, 'form', query.parent, scope) : null;
    if (query.parent && !parent) throw missing('form');
    const { rows } = await listChildren(
      db,
      { kind: 'form', parent: parent?.id ?? null },
      parent,
      undefined,
      scope,
    );
    return {
      data: rows.map(formSummaryOf),
      parent: parent ? formSummaryOf(await summaryOf(db, parent, scope)) : null,
      ancestors: parent ? await ancestorsOf(db, parent.id, scope) : [],
    };
  });

  registerCall(app, formsSlug, async ({ query, user }) => {
    if (query.id && !(await findPage(db, 'form', query.id, user.access.scope))) throw missing('form');
    return { slug: await freeSlug(db, 'form', slugPart(query.name, 'form'), query.id) };
  });

  registerCall(app, formsEdit, async ({ query, user }) => {
    const row = await findPage(db, 'form', query.id, user.access.scope);
    if (!row) throw missing('form');
    const [data, review] = await Promise.all([formForEditor(db, row), reviewOf(db, row, user)]);
    return { data, review };
  });

  registerCall(app, formsStore, async ({ body, user }) => ({
    ...formSaved(
      await scheduled(await storePage(db, 'form', body.data, body.parent, 'created', user.access)),
    ),
    message: 'Successfully added form!',
  }));

  registerCall(app, formsUpdate, async ({ body, user }) => ({
    ...formSaved(
      await scheduled(await updatePage(db, 'form', body.id, body.data, body.updated_at, user.access)),
    ),
    message: 'Successfully updated form!',
  }));

  registerReviewCalls(app, {
    db,
    mail: opts.mail,
    kind: 'form',
    calls: { submit: formsSubmit, approve: formsApprove, requestChanges: formsRequestChanges },
    schedule,
  });

  registerCall(app, formsDelete, async ({ body, user }) => {
    await deletePage(db, 'form', body.id, user.access);
    return { message: 'The form has been deleted.' };
  });
}
