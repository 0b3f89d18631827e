import type { FastifyInstance } from 'fastify';
import { pagesApprove, pagesRequestChanges, pagesSubmit, pagesWaiting } from '@/api/contract/pageReview';
import {
  pagesChildren,
  pagesDelete,
  pagesDuplicate,
  pagesEdit,
  pagesList,
  pagesMove,
  pagesOptions,
  pagesPublishable,
  pagesRestore,
  pagesSchedule,
  pagesSearch,
  pagesShare,
  pagesShow,
  pagesSlug,
  pagesSort,
  pagesStore,
  pagesUpdate,
} from '@/api/contract/pages';
import type { Db } from '../db/open';
import type { TokenService } from '../domain/auth/tokens';
import { isoTime } from '../domain/isoTime';
import type { NoticeMail } from '../domain/notifications/notify';
import { movePage, sortPages } from '../domain/pages/arrange';
import { pageForEditor, pageOptionOf, pageSaved } from '../domain/pages/present';
import { togglePublished } from '../domain/pages/publish';
import { ancestorsOf, findPage, listChildren, searchPages, summaryOf } from '../domain/pages/read';
import { reviewOf } from '../domain/pages/review';
import { linkTarget } from '../domain/pages/reviewLinks';
import { stageMedians, waitingPages } from '../domain/pages/reviewQueue';
import { upcomingChanges } from '../domain/pages/schedule';
import { childSlug, freeSlug, slugPart } from '../domain/pages/slugs';
import {
  deletePage,
  duplicatePage,
  missing,
  NO_SUCH_PARENT,
  restorePage,
  type SavedPage,
  storePage,
  updatePage,
} from '../domain/pages/write';
import { invalid } from '../http/errors';
import { registerCall } from '../http/route';
import { mintPreviewLink } from '../site/previewLinks';
import { mintReviewLink } from '../site/reviewLinks';
import { registerReviewCalls } from './reviewCalls';

export function pagesRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    tokens: TokenService;
    publicUrl: string | null;
    /** How review moves send their notices' e-mail. */
    mail: NoticeMail;
    /** Queues the jobs for these pages' scheduled times (all pages' when not given). */
    schedule: (ids?: readonly number[]) => Promise<void>;
  },
) {
  const { db, tokens, publicUrl, mail, schedule } = opts;
  /** A saved page's publish and unpublish times get their jobs (a changed time gets a new one). */
  const scheduled = async (saved: SavedPage) => {
    await schedule([saved.id]);
    return saved;
  };

  registerCall(app, pagesList, async ({ user }) => {
    const { rows } = await listChildren(
      db,
      { kind: 'page', parent: null },
      null,
      undefined,
      user.access.scope,
    );
    // Spec §2's groups. A page without a brand is the group's (decision 019), so the group's folders
    // are its 'Group Sections' and a brand's folders (a scoped user's part of the tree starts at
    // them) its 'Brands'; 'Pages' are the files, whoever's they are.
    const isFolder = (r: (typeof rows)[number]) => r.total_children > 0 || r.is_allowed_children === 1;
    const folders = rows.filter(isFolder);
    return {
      brands: folders.filter((r) => r.brand_id !== null),
      folders: folders.filter((r) => r.brand_id === null),
      files: rows.filter((r) => !isFolder(r)),
    };
  });

  registerCall(app, pagesShow, async ({ query, user }) => {
    const row = await findPage(db, 'page', query.id, user.access.scope);
    if (!row) throw missing('page');
    const [data, ancestors] = await Promise.all([
      summaryOf(db, row, user.access.scope),
      ancestorsOf(db, row.id, user.access.scope),
    ]);
    return { data, ancestors };
  });

  registerCall(app, pagesChildren, async ({ query, user }) => {
    const parent = await findPage(db, 'page', query.id, user.access.scope);
    if (!parent) throw missing('page');
    const window =
      query.page || query.perPage ? { page: query.page ?? 1, perPage: query.perPage ?? 100 } : undefined;
    const { rows, total } = await listChildren(
      db,
      { kind: 'page', parent: parent.id },
      parent,
      window,
      user.access.scope,
    );
    return { data: rows, total };
  });

  registerCall(app, pagesEdit, async ({ query, user }) => {
    const row = await findPage(db, 'page', query.id, user.access.scope);
    if (!row) throw missing('page');
    const [data, review] = await Promise.all([pageForEditor(db, row), reviewOf(db, row, user)]);
    return { data, review };
  });

  // The move and duplicate pickers: a scoped user is offered their own pages only.
  registerCall(app, pagesOptions, async ({ query, user }) => {
    const { scope } = user.access;
    const parent = query.default ? await findPage(db, 'page', query.default, scope) : null;
    if (query.default && !parent) throw missing('page');
    const { rows } = await listChildren(
      db,
      { kind: 'page', parent: parent?.id ?? null },
      parent,
      undefined,
      scope,
    );
    return {
      data: rows.map(pageOptionOf),
    };
  });

  registerCall(app, pagesSlug, async ({ query, user }) => {
    const part = slugPart(query.name, 'page');
    if (query.id) {
      const page = await findPage(db, 'page', query.id, user.access.scope);
      if (!page) throw missing('page');
      const parent = page.parentId === null ? null : await findPage(db, 'page', page.parentId);
      return { slug: await freeSlug(db, 'page', childSlug(parent?.slug ?? null, part), page.id) };
    }
    const parent = query.parent ? await findPage(db, 'page', query.parent, user.access.scope) : null;
    if (query.parent && !parent) throw invalid({ parent: NO_SUCH_PARENT });
    return { slug: await freeSlug(db, 'page', childSlug(parent?.slug ?? null, part)) };
  });

  // A share-preview link is made only by someone who may view the page.
  registerCall(app, pagesShare, async ({ body, user }) => {
    const row = await findPage(db, 'page', body.id, user.access.scope);
    if (!row) throw missing('page');
    const email = body.reviewer_email ?? null;
    const target = email === null ? null : await linkTarget(db, row);
    const link =
      email === null || target === null
        ? await mintPreviewLink(tokens, row.id)
        : await mintReviewLink(tokens, {
            pageId: row.id,
            stage: target.stage,
            revision: target.revision,
            email,
          });
    return {
      url: `${(publicUrl ?? '').replace(/\/+$/, '')}${link.path}`,
      expires_at: isoTime(link.expiresAt),
      reviewer_email: email,
      stage: target?.stageName ?? null,
    };
  });

  registerCall(app, pagesSearch, async ({ query, user }) => ({
    data: await searchPages(db, query.search, undefined, user.access.scope),
  }));

  registerCall(app, pagesStore, async ({ body, user }) => ({
    ...pageSaved(
      await scheduled(await storePage(db, 'page', body.data, body.parent, 'created', user.access)),
    ),
    message: 'Successfully added page!',
  }));

  registerCall(app, pagesUpdate, async ({ body, user }) => ({
    ...pageSaved(
      await scheduled(await updatePage(db, 'page', body.id, body.data, body.updated_at, user.access)),
    ),
    message: 'Successfully updated page!',
  }));

  registerCall(app, pagesDelete, async ({ body, user }) => {
    await deletePage(db, 'page', body.id, user.access);
    return { message: 'The page has been deleted.' };
  });

  registerCall(app, pagesRestore, async ({ body, user }) => {
    await restorePage(db, body.id, user.access);
    await schedule([body.id]);
    return { message: 'The page is back where it was.' };
  });

  registerCall(app, pagesSort, async ({ body, user }) => {
    await sortPages(db, body.data, user.access.scope);
    return { message: 'The order of the pages has been saved.' };
  });

  registerCall(app, pagesDuplicate, async ({ body, user }) => {
    const id = await duplicatePage(db, body.id, body.parent, body.fields, user.access);
    // Published copies keep their times: every scheduled time gets its job.
    await schedule();
    return { id, message: 'The page has been duplicated.' };
  });

  registerCall(app, pagesPublishable, async ({ body, user }) => {
    const published = await togglePublished(db, body.id, user.access);
    await schedule([body.id]);
    return { message: published ? 'The page is published.' : 'The page is unpublished.', published };
  });

  registerCall(app, pagesSchedule, async ({ user }) => ({
    data: await upcomingChanges(db, undefined, user.access),
  }));

  registerCall(app, pagesWaiting, async ({ query, user }) => {
    // The queue alone is asked for the reviewer's own list; the medians belong to the dashboard's.
    if (query.mine)
      return { data: await waitingPages(db, user.access.scope, { reviewer: user }), stage_medians: [] };
    const [data, medians] = await Promise.all([
      waitingPages(db, user.access.scope),
      stageMedians(db, user.access.scope),
    ]);
    return { data, stage_medians: medians };
  });

  registerReviewCalls(app, {
    db,
    mail,
    kind: 'page',
    calls: { submit: pagesSubmit, approve: pagesApprove, requestChanges: pagesRequestChanges },
    schedule,
  });

  registerCall(app, pagesMove, async ({ body, user }) => {
    await movePage(db, body.id, body.parent, user.access);
    return { message: 'The page has been moved.' };
  });
}
