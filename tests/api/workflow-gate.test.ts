import { brands } from '@server/db/schema/brands';
import { pages } from '@server/db/schema/pages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody } from './uploads';
import { PAGE_HEADERS, type SheetCell, workbook } from './workbooks';

/**
 * No route to the website skips the review (issue #28): every publish route, for a page under
 * no workflow and under one at every stage of its review, is tried by a Group administrator (who
 * may publish anything). Under a workflow a route that would publish an unapproved version is
 * refused with a 403 naming the stage the page waits in, and whatever happens the website shows
 * either nothing or the approved version, never a later edit.
 */

let server: TestServer;
let admin: string;
let adminId: number;
let brandId: number;

type Governed = 'none' | 'workflow';
type Stage =
  | 'new'
  | 'draft'
  | 'first stage'
  | 'second stage'
  | 'approved'
  | 'edited after approval'
  | 'edited, in review';
type Route = 'toggle' | 'update' | 'schedule' | 'revision' | 'bin' | 'duplicate' | 'move' | 'import';

const STAGES = ['Compliance review', 'Sign-off'];
/** Where each case's page goes: a published folder and an unpublished one, under each root. */
const tree: Record<Governed, { root: number; open: number; closed: number; rootSlug: string }> = {
  none: { root: 0, open: 0, closed: 0, rootSlug: '' },
  workflow: { root: 0, open: 0, closed: 0, rootSlug: '' },
};

const post = (url: string, body: unknown) => server.call('POST', url, { token: admin, body });
const get = (url: string) => server.call('GET', url, { token: admin });

function pageBody(name: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    ...extra,
  };
}

async function ok(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function made(name: string, parent: number | null, extra: Record<string, unknown> = {}) {
  return (await ok(await post('/api/pages/store', { data: pageBody(name, name, extra), parent })))
    .id as number;
}

/** The page as the builder has it: its values and its review. */
async function edited(id: number) {
  return ok(await get(`/api/pages/edit?id=${id}`));
}

/** What the website shows at the page's path: its meta title, or null when it shows nothing. */
async function onSite(id: number): Promise<string | null> {
  const [row] = await server.database.db.select({ slug: pages.slug }).from(pages).where(eq(pages.id, id));
  const res = await server.call('GET', `/api/site/pages?path=${encodeURIComponent(`/${row!.slug}`)}`);
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().meta.title as string;
}

/** Saves the page with a new meta title, keeping everything else as loaded. */
async function retitle(id: number, title: string) {
  const { data } = await edited(id);
  await ok(await post('/api/pages/update', { id, data: { ...data, meta: { ...data.meta, title } } }));
}

/** The page is unpublished (the toggle takes a page off the website whatever its review). */
async function takeDown(id: number) {
  if ((await edited(id)).data.published === 1) await ok(await post('/api/pages/publishable', { id }));
}

/** The page is published in the tree without going on the website (as a page that was scheduled). */
const flagPublished = (id: number) =>
  server.database.db
    .update(pages)
    .set({ published: true, publishedAt: sql`now() + interval '1 day'` })
    .where(eq(pages.id, id))
    .then(() =>
      // Its time arrives: only the rule of what the website shows stands between it and the site.
      server.database.db
        .update(pages)
        .set({ publishedAt: sql`now() - interval '1 minute'` })
        .where(eq(pages.id, id)),
    );

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  adminId = server.adminId;
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name: 'Alpha Motors', slug: 'alpha', live: true, sortOrder: 1 })
    .returning({ id: brands.id });
  brandId = brand!.id;
  const live = { published: 1, published_at: new Date(Date.now() - 60_000).toISOString() };
  for (const governed of ['none', 'workflow'] as const) {
    const root = await made(`Root ${governed}`, null, live);
    tree[governed] = {
      root,
      open: await made(`Open ${governed}`, root, live),
      closed: await made(`Closed ${governed}`, root),
      rootSlug: (await edited(root)).data.slug,
    };
  }
  // The workflow comes after the tree: what is live then stays live, as approved.
  await ok(
    await post('/api/workflows/create', {
      name: 'Finance offers',
      applies_to: { page_ids: [tree.workflow.root], brand_ids: [], forms: false },
      stages: STAGES.map((name) => ({ name, role_ids: [], user_ids: [adminId], due_hours: 24 })),
    }),
  );
}, 60_000);
afterAll(() => server.close());

let counter = 0;

/** A page at this stage of its review; answers its id and the version the website may show. */
async function pageAt(governed: Governed, stage: Stage, parent: number) {
  const id = await made(`Page ${++counter} ${governed}`, parent);
  await retitle(id, 'edit 1');
  let approved: string | null = null;
  const step = async (call: 'submit' | 'approve') => ok(await post(`/api/pages/${call}`, { id }));
  if (stage === 'draft' || stage === ('none' as Stage)) return { id, approved };
  if (stage !== 'new') await step('submit');
  if (stage === 'first stage') return { id, approved };
  await step('approve');
  if (stage === 'second stage') return { id, approved };
  await step('approve');
  approved = 'edit 1';
  if (stage === 'approved') return { id, approved };
  await retitle(id, 'edit 2');
  if (stage === 'edited, in review') await step('submit');
  return { id, approved };
}

/** The stage a refusal names. */
const waitsIn: Record<Stage, string> = {
  new: 'Draft',
  draft: 'Draft',
  'first stage': STAGES[0]!,
  'second stage': STAGES[1]!,
  approved: '',
  'edited after approval': 'Draft',
  'edited, in review': STAGES[0]!,
};

/**
 * Runs one route on the page; answers the response, and the page the website may now show (the
 * copy a duplicate or an import made, where they made one).
 */
async function runRoute(route: Route, governed: Governed, id: number, parent: number) {
  const now = new Date().toISOString();
  switch (route) {
    case 'toggle':
      await takeDown(id);
      return { res: await post('/api/pages/publishable', { id }), shown: id };
    case 'update': {
      await takeDown(id);
      const { data } = await edited(id);
      return {
        res: await post('/api/pages/update', { id, data: { ...data, published: 1, published_at: now } }),
        shown: id,
      };
    }
    case 'schedule': {
      await takeDown(id);
      const { data } = await edited(id);
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const res = await post('/api/pages/update', {
        id,
        data: { ...data, published: 1, published_at: soon },
      });
      // The scheduled time arrives.
      if (res.statusCode === 200) {
        await server.database.db
          .update(pages)
          .set({ publishedAt: sql`now() - interval '1 second'` })
          .where(eq(pages.id, id));
      }
      return { res, shown: id };
    }
    case 'revision': {
      await takeDown(id);
      const history = (await ok(await get(`/api/pages/history?id=${id}`))).data as { id: number }[];
      const older = history[1] ?? history[0]!;
      const { data } = await ok(await get(`/api/pages/history/show?id=${id}&revision=${older.id}`));
      const { updated_at: _u, ...values } = data;
      return {
        res: await post('/api/pages/update', { id, data: { ...values, published: 1, published_at: now } }),
        shown: id,
        title: values.meta.title as string,
      };
    }
    case 'bin': {
      if ((await edited(id)).data.published === 0) await flagPublished(id);
      await ok(await post('/api/pages/delete', { id }));
      return { res: await post('/api/pages/restore', { id }), shown: id };
    }
    case 'duplicate': {
      const res = await post('/api/pages/duplicate', {
        id: parent,
        parent: tree[governed].open,
        fields: { name: `Copy ${++counter}`, children: true, publish_children: true },
      });
      return { res, shown: id };
    }
    case 'move': {
      if ((await edited(id)).data.published === 0) await flagPublished(id);
      return { res: await post('/api/pages/move', { id, parent: tree[governed].open }), shown: id };
    }
    case 'import': {
      const name = `Imported ${++counter} ${governed}`;
      const progress = await runImport('pages', PAGE_HEADERS, [
        name,
        'alpha',
        tree[governed].rootSlug,
        'imported',
        'About it',
        'Yes',
        null,
        null,
        null,
      ]);
      const [row] = await server.database.db.select({ id: pages.id }).from(pages).where(eq(pages.name, name));
      return { res: null, imported: progress, shown: row?.id ?? null };
    }
  }
}

/** Imports one row through the spreadsheet import and waits for it to finish: answers its progress. */
async function runImport(provider: 'pages' | 'forms', headers: string[], row: SheetCell[]) {
  const bytes = await workbook(headers, [row]);
  const { payload, headers: multipart } = multipartBody([
    { name: 'email', value: 'editor@example.com' },
    { name: 'provider', value: provider },
    { name: 'import', filename: `${provider}.xlsx`, bytes },
  ]);
  const started = await server.call('POST', '/api/builder/imports/run', {
    token: admin,
    body: payload,
    headers: multipart,
  });
  const importId = (await ok(started)).import_id as number;
  let progress: { status: string; errors?: unknown };
  for (;;) {
    progress = (await ok(await get(`/api/imports/${importId}`))).data;
    if (progress.status !== 'queued' && progress.status !== 'running') return progress;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const publishRoutes: Route[] = ['toggle', 'update', 'schedule', 'revision', 'bin', 'duplicate', 'move'];
const reviewStages: Stage[] = [
  'draft',
  'first stage',
  'second stage',
  'approved',
  'edited after approval',
  'edited, in review',
];

/** Whether a route is allowed for a page under a workflow at this stage. */
function allowed(route: Route, stage: Stage): boolean {
  // The copies a duplicate publishes are new pages, never approved.
  if (route === 'duplicate') return false;
  // A move or putting back brings a page into sight: it shows its approved version, if it has one.
  if (route === 'move' || route === 'bin') return stage === 'approved' || stage.startsWith('edited');
  return stage === 'approved';
}

describe(`every publish route under a workflow or none, at every stage (${databaseKind})`, () => {
  for (const route of publishRoutes) {
    it(`${route}: under no workflow, the page goes on the website as saved`, async () => {
      const parent =
        route === 'move'
          ? tree.none.closed
          : route === 'duplicate'
            ? await made(`Folder ${++counter}`, tree.none.open)
            : tree.none.open;
      const { id } = await pageAt('none', 'draft', parent);
      const { res, title } = await runRoute(route, 'none', id, parent);
      expect(res!.statusCode, res!.body).toBe(200);
      if (route !== 'duplicate') expect(await onSite(id)).toBe(title ?? 'edit 1');
    });

    for (const stage of reviewStages) {
      it(`${route}: under a workflow, ${stage}`, async () => {
        const parent =
          route === 'move'
            ? tree.workflow.closed
            : route === 'duplicate'
              ? await made(`Folder ${++counter}`, tree.workflow.open)
              : tree.workflow.open;
        const { id, approved } = await pageAt('workflow', stage, parent);
        const { res } = await runRoute(route, 'workflow', id, parent);
        if (allowed(route, stage)) {
          expect(res!.statusCode, res!.body).toBe(200);
          expect(await onSite(id)).toBe(approved);
        } else {
          expect(res!.statusCode, res!.body).toBe(403);
          expect(res!.json().message).toContain(route === 'duplicate' ? 'Draft' : waitsIn[stage]);
          expect(await onSite(id)).toBeNull();
        }
        // Whatever happened, the website never shows what was not approved.
        expect([null, approved]).toContain(await onSite(id));
      });
    }
  }

  it('import: under no workflow a published row goes live; under a workflow it is refused', async () => {
    const free = await runRoute('import', 'none', 0, 0);
    expect(free.imported!.status, JSON.stringify(free.imported)).toBe('done');
    expect(await onSite(free.shown!)).toBe('imported');
    const governed = await runRoute('import', 'workflow', 0, 0);
    expect(governed.imported!.status).not.toBe('done');
    expect(JSON.stringify(governed.imported)).toContain('Draft');
    expect(governed.shown).toBeNull();
  });

  it('approval is the one way on: the website keeps the approved version while a later edit is in review', async () => {
    const { id } = await pageAt('workflow', 'edited, in review', tree.workflow.open);
    expect(await onSite(id)).toBe('edit 1');
    const { review } = await edited(id);
    expect(review).toMatchObject({ state: 'in_review', stage: STAGES[0], stage_index: 0, can_review: true });
    await ok(await post('/api/pages/approve', { id }));
    expect(await onSite(id)).toBe('edit 1');
    const last = await ok(await post('/api/pages/approve', { id, comment: 'Rates checked' }));
    expect(last.review).toMatchObject({ state: 'approved', stage: 'Approved', comment: 'Rates checked' });
    expect(await onSite(id)).toBe('edit 2');
    // History shows both approvals.
    const history = (await ok(await get(`/api/pages/history?id=${id}`))).data as {
      id: number;
      action: string;
    }[];
    expect(history.filter((r) => r.action === 'approved').length).toBeGreaterThanOrEqual(4);
    expect(last.review.approved_revision_id).toBe(history[0]!.id);
  });
});

/**
 * Forms under a workflow (`applies_to.forms`): every route that puts a form on the website (made
 * published, a save that publishes or schedules it, a revision saved back, an import) at every
 * stage, and what the website's form answer shows: nothing, or the approved thank-you message.
 * Forms have no list toggle, no duplicate and no bin to put back from: saving is their toggle.
 */
type FormRoute = 'store' | 'update' | 'schedule' | 'revision' | 'import';
const formRoutes: FormRoute[] = ['store', 'update', 'schedule', 'revision'];

function formBody(name: string, message: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    handle: 'ignored',
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    emails: {
      subject: 'New enquiry',
      email_title: 'Enquiry',
      email_body: 'Someone asked about a finance offer.',
      email_lists: 'sales@example.com',
    },
    thank_you: { title: 'Thank you', description: message },
    ...extra,
  };
}

const editedForm = async (id: number) => ok(await get(`/api/forms/edit?id=${id}`));

/** What the website's form answer shows: its thank-you message, or null when it shows nothing. */
async function formOnSite(id: number): Promise<string | null> {
  const [row] = await server.database.db.select({ slug: pages.slug }).from(pages).where(eq(pages.id, id));
  const res = await server.call('GET', `/api/site/forms/${row!.slug}`);
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().thank_you.description as string;
}

/** Saves the form with a new thank-you message and these changes, keeping everything else. */
async function saveForm(id: number, message: string | null, extra: Record<string, unknown> = {}) {
  const { data } = await editedForm(id);
  const { updated_at: _u, ...values } = data;
  const thank_you = message === null ? values.thank_you : { ...values.thank_you, description: message };
  return post('/api/forms/update', { id, data: { ...values, thank_you, ...extra } });
}

/** A form at this stage of its review; answers its id and the version the website may show. */
async function formAt(stage: Stage) {
  const id = (
    await ok(await post('/api/forms/store', { data: formBody(`Form ${++counter}`, 'edit 0'), parent: null }))
  ).id as number;
  await ok(await saveForm(id, 'edit 1'));
  let approved: string | null = null;
  const step = async (call: 'submit' | 'approve') => ok(await post(`/api/forms/${call}`, { id }));
  if (stage === 'draft') return { id, approved };
  await step('submit');
  if (stage === 'first stage') return { id, approved };
  await step('approve');
  if (stage === 'second stage') return { id, approved };
  await step('approve');
  approved = 'edit 1';
  // The last approval publishes it: take it down, so that each route is what puts it back up.
  await ok(await saveForm(id, null, { published: 0 }));
  if (stage === 'approved') return { id, approved };
  await ok(await saveForm(id, 'edit 2'));
  if (stage === 'edited, in review') await step('submit');
  return { id, approved };
}

async function runFormRoute(route: FormRoute, stage: Stage | 'none') {
  const now = new Date().toISOString();
  if (route === 'store') {
    const res = await post('/api/forms/store', {
      data: formBody(`Made ${++counter}`, 'edit 1', { published: 1, published_at: now }),
      parent: null,
    });
    return { res, id: res.statusCode === 200 ? (res.json().id as number) : null, approved: null };
  }
  const { id, approved } = await formAt(stage === 'none' ? 'draft' : stage);
  switch (route) {
    case 'update':
      return { res: await saveForm(id, null, { published: 1, published_at: now }), id, approved };
    case 'schedule': {
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const res = await saveForm(id, null, { published: 1, published_at: soon });
      // The scheduled time arrives.
      await server.database.db
        .update(pages)
        .set({ publishedAt: sql`now() - interval '1 second'` })
        .where(eq(pages.id, id));
      return { res, id, approved };
    }
    case 'revision': {
      const history = (await ok(await get(`/api/forms/history?id=${id}`))).data as { id: number }[];
      const older = history.at(-1)!;
      const { data } = await ok(await get(`/api/forms/history/show?id=${id}&revision=${older.id}`));
      const { updated_at: _u, ...values } = data;
      const res = await post('/api/forms/update', {
        id,
        data: { ...values, published: 1, published_at: now },
      });
      return { res, id, approved };
    }
    default:
      throw new Error(route);
  }
}

const FORM_HEADERS = [
  'Name',
  'Email subject',
  'Email title',
  'Email body',
  'Email lists',
  'Thank you message',
];
FORM_HEADERS.push('Meta description', 'Published');
const formRow = (name: string): SheetCell[] => [
  name,
  'New enquiry',
  'Enquiry',
  'Someone asked a question.',
  'sales@example.com',
  'imported',
  'About it',
  'Yes',
];

describe(`every route that puts a form on the website, under no workflow (${databaseKind})`, () => {
  for (const route of formRoutes) {
    it(`${route}: the form goes on the website as saved`, async () => {
      const { res, id } = await runFormRoute(route, 'none');
      expect(res.statusCode, res.body).toBe(200);
      expect((await editedForm(id!)).review).toBeNull();
      expect(await formOnSite(id!)).toBe(route === 'revision' ? 'edit 0' : 'edit 1');
    });
  }

  it('import: a published row goes live', async () => {
    const name = `Imported form ${++counter}`;
    const progress = await runImport('forms', FORM_HEADERS, formRow(name));
    expect(progress.status, JSON.stringify(progress)).toBe('done');
    const [row] = await server.database.db.select({ id: pages.id }).from(pages).where(eq(pages.name, name));
    expect(await formOnSite(row!.id)).toBe('imported');
  });
});

describe(`every route that puts a form on the website, under a workflow at every stage (${databaseKind})`, () => {
  let live: number;
  beforeAll(async () => {
    // A form live before the workflow stays live, as approved.
    live = (
      await ok(
        await post('/api/forms/store', {
          data: formBody(`Live ${++counter}`, 'live', {
            published: 1,
            published_at: new Date().toISOString(),
          }),
          parent: null,
        }),
      )
    ).id;
    await ok(
      await post('/api/workflows/create', {
        name: 'Enquiry forms',
        applies_to: { page_ids: [], brand_ids: [], forms: true },
        stages: STAGES.map((name) => ({ name, role_ids: [], user_ids: [adminId], due_hours: null })),
      }),
    );
  });

  it('governs every form: one live before keeps what the website shows until an edit is approved', async () => {
    expect((await editedForm(live)).review).toMatchObject({ state: 'approved', stage: 'Approved' });
    await ok(await saveForm(live, 'changed'));
    expect((await editedForm(live)).review).toMatchObject({ state: 'draft', stage: 'Draft' });
    expect(await formOnSite(live)).toBe('live');
    await ok(await post('/api/forms/submit', { id: live }));
    await ok(await post('/api/forms/approve', { id: live }));
    const last = await ok(await post('/api/forms/approve', { id: live, comment: 'Wording checked' }));
    expect(last).toMatchObject({
      message: 'Approved: the website shows this version.',
      review: { state: 'approved', comment: 'Wording checked' },
    });
    expect(await formOnSite(live)).toBe('changed');
    const history = (await ok(await get(`/api/forms/history?id=${live}`))).data as { id: number }[];
    expect(last.review.approved_revision_id).toBe(history[0]!.id);
  });

  it('takes a request for changes back to draft, and refuses one without a comment', async () => {
    const { id } = await formAt('first stage');
    const empty = await post('/api/forms/request-changes', { id, comment: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.comment).toEqual(['Say what should change.']);
    const back = await ok(await post('/api/forms/request-changes', { id, comment: 'Add the APR' }));
    expect(back.review).toMatchObject({ state: 'draft', stage: 'Draft', comment: 'Add the APR' });
    expect(back.message).toBe(`The form is back with ${back.review.holder}.`);
  });

  for (const route of formRoutes) {
    const stages: Stage[] = route === 'store' ? ['new'] : reviewStages;
    for (const stage of stages) {
      it(`${route}: ${stage}`, async () => {
        const { res, id, approved } = await runFormRoute(route, stage);
        const review = id === null ? null : (await editedForm(id)).review;
        if (route !== 'store') expect(review).toMatchObject({ workflow_id: expect.any(Number) });
        // A revision saved back is an edit like any other: only the approved content as it is goes live.
        if (stage === 'approved' && route !== 'revision') {
          expect(res.statusCode, res.body).toBe(200);
          expect(await formOnSite(id!)).toBe(approved);
        } else {
          expect(res.statusCode, res.body).toBe(403);
          expect(res.json().message).toContain(waitsIn[stage] || 'Draft');
          if (id !== null) expect(await formOnSite(id)).toBeNull();
        }
      });
    }
  }

  it('import: a published row is refused, naming the stage', async () => {
    const name = `Imported form ${++counter}`;
    const progress = await runImport('forms', FORM_HEADERS, formRow(name));
    expect(progress.status).not.toBe('done');
    expect(JSON.stringify(progress)).toContain('Draft');
    const [row] = await server.database.db.select({ id: pages.id }).from(pages).where(eq(pages.name, name));
    expect(row).toBeUndefined();
  });
});
