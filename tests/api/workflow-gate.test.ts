import { brands } from '@server/db/schema/brands';
import { pages } from '@server/db/schema/pages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody } from './uploads';
import { PAGE_HEADERS, workbook } from './workbooks';

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
      const bytes = await workbook(PAGE_HEADERS, [
        [name, 'alpha', tree[governed].rootSlug, 'imported', 'About it', 'Yes', null, null, null],
      ]);
      const { payload, headers } = multipartBody([
        { name: 'email', value: 'editor@example.com' },
        { name: 'provider', value: 'pages' },
        { name: 'import', filename: 'pages.xlsx', bytes },
      ]);
      const started = await server.call('POST', '/api/builder/imports/run', {
        token: admin,
        body: payload,
        headers,
      });
      const importId = (await ok(started)).import_id as number;
      let progress: { status: string; errors?: unknown };
      for (;;) {
        progress = (await ok(await get(`/api/imports/${importId}`))).data;
        if (progress.status !== 'queued' && progress.status !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const [row] = await server.database.db.select({ id: pages.id }).from(pages).where(eq(pages.name, name));
      return { res: null, imported: progress, shown: row?.id ?? null };
    }
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
