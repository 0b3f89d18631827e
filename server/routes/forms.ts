import type { FastifyInstance } from 'fastify';
import {
  type Form,
  type FormSummary,
  formsDelete,
  formsEdit,
  formsList,
  formsSlug,
  formsStore,
  formsUpdate,
} from '@/api/contract/forms';
import type { PageSummary } from '@/api/contract/pages';
import type { Db } from '../db/open';
import { readItems } from '../domain/blocks';
import { ancestorsOf, findPage, listChildren, type PageRow, summaryOf } from '../domain/pages/read';
import { freeSlug, slugPart } from '../domain/pages/slugs';
import { deletePage, missing, type SavedPage, storePage, updatePage } from '../domain/pages/write';
import { registerCall } from '../http/route';

/** A form shows its handle where a page shows its slug. */
function asForm({ slug, ...rest }: PageSummary): FormSummary {
  return { ...rest, handle: slug };
}

const EMPTY_EMAILS: Form['emails'] = {
  subject: '',
  email_title: '',
  email_body: '',
  send_email: 1,
  email_lists: [],
  email_type: 'emails',
};

/** What a form save answers: the builder carries on from this version and handle. */
const savedAnswer = (saved: SavedPage) => ({
  id: saved.id,
  handle: saved.slug,
  updated_at: saved.updatedAt.toISOString(),
});

/** A form as the builder edits it. */
export async function formForEditor(db: Db, row: PageRow): Promise<Form> {
  return {
    ...asForm(await summaryOf(db, row)),
    meta: row.meta,
    items: readItems(row.items),
    configurables: row.configurables as Form['configurables'],
    emails: row.emails ?? EMPTY_EMAILS,
    thank_you: row.thankYou ?? { title: 'Thank you', description: '' },
  };
}

export function formsRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  registerCall(app, formsList, async ({ query }) => {
    const parent = query.parent ? await findPage(db, 'form', query.parent) : null;
    if (query.parent && !parent) throw missing('form');
    const { rows } = await listChildren(db, { kind: 'form', parent: parent?.id ?? null }, parent);
    return {
      data: rows.map(asForm),
      parent: parent ? asForm(await summaryOf(db, parent)) : null,
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
    ...savedAnswer(await storePage(db, 'form', body.data, body.parent)),
    message: 'Successfully added form!',
  }));

  registerCall(app, formsUpdate, async ({ body }) => ({
    ...savedAnswer(await updatePage(db, 'form', body.id, body.data, body.updated_at)),
    message: 'Successfully updated form!',
  }));

  registerCall(app, formsDelete, async ({ body }) => {
    await deletePage(db, 'form', body.id);
    return { message: 'The form has been deleted.' };
  });
}
