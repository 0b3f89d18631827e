import type { FastifyInstance } from 'fastify';
import {
  templatesEdit,
  templatesList,
  templatesOptions,
  templatesShow,
  templatesStore,
  templatesUpdate,
} from '@/api/contract/templates';
import { GROUP_TEMPLATES, isGroupWide } from '@/shared/access';
import type { Db } from '../db/open';
import { forbidden } from '../domain/access/require';
import type { AuthUser } from '../domain/auth/guard';
import { checkBlocks, withHeldFlags } from '../domain/blocks';
import { recordRevision } from '../domain/history/record';
import { isoTime } from '../domain/isoTime';
import { breaksLock } from '../domain/locks';
import { saveBlockMedia } from '../domain/media/blockUses';
import { createRecord, saveVersioned } from '../domain/records';
import {
  checkTemplateName,
  findTemplateRow,
  TEMPLATE_LOCKED,
  templateColumns,
  templateMessages,
  templateOptions,
  templatesListing,
  templatesTable,
  toTemplate,
} from '../domain/templates';
import { transaction } from '../domain/transaction';
import { registerPagedList } from '../http/area';
import { HttpError, notFound } from '../http/errors';
import { registerCall } from '../http/route';

/** Templates (spec §2 Templates, §7): a list without a bin, the builder's load and save. */
export function templatesRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;

  // Templates are the group's: everyone who may view them reads them (whatever their scope, as the
  // builder's child-template picker offers them), and only group-wide users change them.
  registerPagedList(app, templatesList, { db, key: 'templates', source: templatesListing });

  /** A change to the group's templates needs the whole group in the user's scope. */
  const requireGroupWide = (user: AuthUser) => {
    if (!isGroupWide(user.access.scope)) throw forbidden(GROUP_TEMPLATES);
  };

  const load = async ({ query }: { query: { id: number } }) => {
    const row = await findTemplateRow(db, query.id);
    if (!row) throw notFound(templateMessages.notFound);
    return { data: toTemplate(row) };
  };
  registerCall(app, templatesShow, load);
  registerCall(app, templatesEdit, load);

  // The builder's child-template picker: a page of any brand may start its children from a
  // template, so the names are offered to everyone who may edit pages (the templates themselves stay the group's).
  registerCall(app, templatesOptions, async () => ({ data: await templateOptions(db) }));

  registerCall(app, templatesStore, async ({ body, user }) => {
    requireGroupWide(user);
    const data = { ...body.data, items: withHeldFlags(body.data.items, []) };
    checkBlocks(data);
    await checkTemplateName(db, data.name);
    const saved = await transaction(db, async (tx) => {
      const saved = await createRecord(tx, templatesTable, templateColumns(data), templateMessages);
      await saveBlockMedia(tx, 'templates', saved.id, data, user.access.scope);
      await recordRevision(tx, 'templates', 'created', saved.id);
      return saved;
    });
    return {
      id: saved.id,
      updated_at: isoTime(saved.updatedAt),
      message: 'Successfully added template!',
    };
  });

  registerCall(app, templatesUpdate, async ({ body, user }) => {
    requireGroupWide(user);
    let data = body.data;
    const saved = await transaction(db, async (tx) => {
      const saved = await saveVersioned(tx, templatesTable, {
        id: body.id,
        loadedAt: body.updated_at,
        find: (id) => findTemplateRow(tx, id),
        check: async (current) => {
          if (current.locked && breaksLock(current, body.data)) throw new HttpError(403, TEMPLATE_LOCKED);
          data = { ...body.data, items: withHeldFlags(body.data.items, current.items) };
          checkBlocks(data, current);
          await checkTemplateName(tx, data.name, body.id);
        },
        values: () => templateColumns(data),
        messages: templateMessages,
        inTransaction: true,
      });
      await saveBlockMedia(tx, 'templates', saved.id, data, user.access.scope);
      await recordRevision(tx, 'templates', 'updated', saved.id);
      return saved;
    });
    return {
      id: saved.id,
      updated_at: isoTime(saved.updatedAt),
      message: 'Successfully updated template!',
    };
  });
}
