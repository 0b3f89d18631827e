import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaAndBeta } from './accessFixtures';
import { addRole, createTestServer, databaseKind, roleId, signedInAs, type TestServer } from './harness';
import { ok, tokenCalls } from './tokenCalls';

/**
 * Review workflows (issue #28): the list, show, create, update and delete calls, who may use them,
 * which workflow governs a page (the most specific), and the review loop's calls: submit, approve
 * and request changes, each by whom the stage names.
 */

let server: TestServer;
let admin: string;
let alpha: number;
let beta: number;
let range: number;
let hatch: number;
let other: number;
let compliance: { id: number; token: string };
let editor: { id: number; token: string };
let complianceRole: number;

const { post, get } = tokenCalls(() => server);

function pageBody(name: string, brandId: number, extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
    ...extra,
  };
}

const store = async (name: string, brandId: number, parent: number | null) =>
  (await ok(await post(admin, '/api/pages/store', { data: pageBody(name, brandId), parent }))).id as number;

const reviewOf = async (token: string, id: number) =>
  (await ok(await get(token, `/api/pages/edit?id=${id}`))).review;

const workflowBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  applies_to: { page_ids: [], brand_ids: [], forms: false },
  stages: [
    { name: 'Compliance review', role_ids: [complianceRole], user_ids: [], due_hours: 48 },
    { name: 'Sign-off', role_ids: [], user_ids: [server.adminId], due_hours: null },
  ],
  ...extra,
});

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login();
  ({ alpha, beta } = await alphaAndBeta(server));
  range = await store('Range', alpha, null);
  hatch = await store('Hatchback', alpha, range);
  other = await store('Other', beta, null);
  await addRole(server, 'Compliance', { pages: ['view'] });
  await addRole(server, 'Editor', { pages: ['view', 'create', 'update', 'delete'] });
  complianceRole = await roleId(server, 'Compliance');
  compliance = await signedInAs(server, 'Compliance');
  editor = await signedInAs(server, 'Editor');
}, 60_000);
afterAll(() => server.close());

describe(`workflows: list, show, create, update, delete (${databaseKind})`, () => {
  it('adds a workflow, shows it, lists it, changes it and deletes it', async () => {
    const made = await ok(await post(admin, '/api/workflows/create', workflowBody('Finance offers')));
    expect(made.message).toBe('You have added a new workflow.');
    const shown = (await ok(await get(admin, `/api/workflows/show/${made.id}`))).data;
    expect(shown).toMatchObject({
      name: 'Finance offers',
      applies_to: { page_ids: [], brand_ids: [], forms: false },
      stages: [
        { name: 'Compliance review', role_ids: [complianceRole], user_ids: [], due_hours: 48 },
        { name: 'Sign-off', role_ids: [], user_ids: [server.adminId], due_hours: null },
      ],
      pages_count: 0,
    });
    await ok(
      await post(
        admin,
        `/api/workflows/update/${made.id}`,
        workflowBody('Finance offers (all brands)', {
          applies_to: { page_ids: [], brand_ids: [alpha], forms: false },
        }),
      ),
    );
    const list = (await ok(await get(admin, '/api/workflows?page=1'))).workflows;
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ name: 'Finance offers (all brands)', pages_count: 2 });
    await ok(await post(admin, '/api/workflows/delete', { ids: [made.id] }));
    expect((await get(admin, `/api/workflows/show/${made.id}`)).statusCode).toBe(404);
    expect(await reviewOf(admin, hatch)).toBeNull();
  });

  it('answers field errors for a bad form, never a 500', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { name: 'Name the workflow.', stages: 'Add at least one stage.' }],
      [workflowBody(' ', { stages: [] }), { name: 'Name the workflow.', stages: 'Add at least one stage.' }],
      [
        workflowBody('X', { stages: [{ name: 'Look', role_ids: [], user_ids: [], due_hours: 0 }] }),
        {
          'stages.0.role_ids': 'Choose the roles or users who may approve this stage.',
          'stages.0.due_hours': 'Enter at least 1 hour.',
        },
      ],
      [
        workflowBody('X', { applies_to: { page_ids: [999_999], brand_ids: [888_888], forms: false } }),
        {
          'applies_to.page_ids': 'Choose pages from the tree.',
          'applies_to.brand_ids': 'Choose brands from the list.',
        },
      ],
      [
        workflowBody('X', { stages: [{ name: 'Look', role_ids: [777_777], user_ids: [666_666] }] }),
        {
          'stages.0.role_ids': 'Choose roles from the list.',
          'stages.0.user_ids': 'Choose users from the list.',
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await post(admin, '/api/workflows/create', body);
      expect(res.statusCode, res.body).toBe(422);
      const got = Object.fromEntries(
        Object.entries(res.json().errors as Record<string, string[]>).map(([k, v]) => [k, v[0]]),
      );
      expect(got).toEqual(errors);
    }
    expect((await post(admin, '/api/workflows/update/999999', workflowBody('X'))).statusCode).toBe(404);
    expect((await post(admin, '/api/workflows/delete', { ids: [] })).statusCode).toBe(422);
  });

  it('is the Group administrator’s: a role without the area is refused every call', async () => {
    const { token } = await signedInAs(server, 'Marketing');
    const refused = [
      await get(token, '/api/workflows?page=1'),
      await get(token, '/api/workflows/show/1'),
      await post(token, '/api/workflows/create', workflowBody('Mine')),
      await post(token, '/api/workflows/update/1', workflowBody('Mine')),
      await post(token, '/api/workflows/delete', { ids: [1] }),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[0]!.json().message).toBe('Your role, Marketing, cannot view review workflows.');
  });
});

describe(`which workflow governs a page (${databaseKind})`, () => {
  it('takes the deepest subtree root, then the brand’s, then none', async () => {
    const byBrand = await ok(
      await post(
        admin,
        '/api/workflows/create',
        workflowBody('Alpha pages', { applies_to: { page_ids: [], brand_ids: [alpha], forms: false } }),
      ),
    );
    const byTree = await ok(
      await post(
        admin,
        '/api/workflows/create',
        workflowBody('Range pages', { applies_to: { page_ids: [range], brand_ids: [], forms: false } }),
      ),
    );
    const deeper = await ok(
      await post(
        admin,
        '/api/workflows/create',
        workflowBody('Hatchback pages', {
          applies_to: { page_ids: [hatch], brand_ids: [beta], forms: false },
        }),
      ),
    );
    expect((await reviewOf(admin, range)).workflow_name).toBe('Range pages');
    expect((await reviewOf(admin, hatch)).workflow_name).toBe('Hatchback pages');
    expect((await reviewOf(admin, other)).workflow_name).toBe('Hatchback pages');
    // A page made under a governed subtree, and one moved out of it.
    const child = await store('Hatchback GT', alpha, hatch);
    expect((await reviewOf(admin, child)).workflow_name).toBe('Hatchback pages');
    await ok(await post(admin, '/api/pages/move', { id: child, parent: range }));
    expect((await reviewOf(admin, child)).workflow_name).toBe('Range pages');
    await ok(await post(admin, '/api/workflows/delete', { ids: [deeper.id, byTree.id] }));
    expect((await reviewOf(admin, hatch)).workflow_name).toBe('Alpha pages');
    expect(await reviewOf(admin, other)).toBeNull();
    await ok(await post(admin, '/api/workflows/delete', { ids: [byBrand.id] }));
    expect(await reviewOf(admin, hatch)).toBeNull();
  });
});

describe(`the review loop (${databaseKind})`, () => {
  it('submits, approves by the stage’s role then its user, and requests changes with a comment', async () => {
    const flow = await ok(
      await post(
        admin,
        '/api/workflows/create',
        workflowBody('Offers', { applies_to: { page_ids: [range], brand_ids: [], forms: false } }),
      ),
    );
    const page = await store('Offer', alpha, range);
    expect(await reviewOf(editor.token, page)).toMatchObject({
      workflow_id: flow.id,
      state: 'draft',
      stage: 'Draft',
      stage_index: null,
      approved_revision_id: null,
      can_review: false,
    });
    // Nobody approves a draft; only someone who may edit pages submits it.
    expect((await post(admin, '/api/pages/approve', { id: page })).statusCode).toBe(422);
    expect((await post(compliance.token, '/api/pages/submit', { id: page })).statusCode).toBe(403);
    const submitted = await ok(await post(editor.token, '/api/pages/submit', { id: page }));
    expect(submitted.message).toBe('The page is waiting in Compliance review.');
    expect(submitted.review).toMatchObject({
      state: 'in_review',
      stage: 'Compliance review',
      stage_index: 0,
      holder: 'Compliance',
    });
    expect(Date.parse(submitted.review.due_at) - Date.parse(submitted.review.since)).toBe(48 * 3_600_000);
    expect((await post(editor.token, '/api/pages/submit', { id: page })).statusCode).toBe(422);
    // The editor and the admin do not hold this stage; the compliance role does.
    const notTheirs = await post(editor.token, '/api/pages/approve', { id: page });
    expect([notTheirs.statusCode, notTheirs.json().message]).toEqual([
      403,
      'You are not a reviewer of Compliance review, where this page is waiting.',
    ]);
    expect((await post(admin, '/api/pages/approve', { id: page })).statusCode).toBe(403);
    expect((await reviewOf(compliance.token, page)).can_review).toBe(true);
    const passed = await ok(
      await post(compliance.token, '/api/pages/approve', { id: page, comment: 'APR ok' }),
    );
    expect(passed.review).toMatchObject({ stage: 'Sign-off', stage_index: 1, comment: 'APR ok' });
    // A request for changes needs its comment.
    const bare = await post(admin, '/api/pages/request-changes', { id: page, comment: ' ' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors.comment).toEqual(['Say what should change.']);
    const back = await ok(
      await post(admin, '/api/pages/request-changes', {
        id: page,
        comment: 'Add the representative example',
      }),
    );
    expect(back.review).toMatchObject({
      state: 'draft',
      stage: 'Draft',
      holder: editor.id ? expect.stringContaining('Editor') : '',
      comment: 'Add the representative example',
    });
    // Round again, to the end: the page is published as approved.
    await ok(await post(editor.token, '/api/pages/submit', { id: page }));
    await ok(await post(compliance.token, '/api/pages/approve', { id: page }));
    const done = await ok(await post(admin, '/api/pages/approve', { id: page }));
    expect(done.review).toMatchObject({ state: 'approved', stage: 'Approved' });
    expect(done.review.approved_revision_id).toEqual(expect.any(Number));
    expect((await ok(await get(admin, `/api/pages/edit?id=${page}`))).data.published).toBe(1);
    const history = (await ok(await get(admin, `/api/pages/history?id=${page}`))).data as {
      action: string;
    }[];
    expect(history.map((r) => r.action).slice(0, 4)).toEqual([
      'approved',
      'approved',
      'submitted',
      'changes_requested',
    ]);
    await ok(await post(admin, '/api/workflows/delete', { ids: [flow.id] }));
  });

  it('approves only the version the reviewer saw: a save made while the page waits needs a new look', async () => {
    const flow = await ok(
      await post(
        admin,
        '/api/workflows/create',
        workflowBody('Seen', { applies_to: { page_ids: [range], brand_ids: [], forms: false } }),
      ),
    );
    const page = await store('Seen offer', alpha, range);
    await ok(await post(editor.token, '/api/pages/submit', { id: page }));
    const seen = (await ok(await get(compliance.token, `/api/pages/edit?id=${page}`))).data.updated_at;
    // The submitter saves again while the page waits.
    const changed = await ok(
      await post(editor.token, '/api/pages/update', {
        id: page,
        updated_at: seen,
        data: pageBody('Seen offer', alpha, {
          meta: { title: 'Seen offer', description: 'Changed in review' },
        }),
      }),
    );
    const stale = await post(compliance.token, '/api/pages/approve', { id: page, updated_at: seen });
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      'This page was saved again since you opened it: reload it to see what you would approve.',
    ]);
    expect(await reviewOf(admin, page)).toMatchObject({ state: 'in_review', stage: 'Compliance review' });
    await ok(
      await post(compliance.token, '/api/pages/approve', { id: page, updated_at: changed.updated_at }),
    );
    // At the last stage too: nothing goes on the website that its reviewer did not see.
    const shown = (await ok(await get(admin, `/api/pages/edit?id=${page}`))).data.updated_at;
    const again = await ok(
      await post(editor.token, '/api/pages/update', {
        id: page,
        updated_at: shown,
        data: pageBody('Seen offer', alpha, { meta: { title: 'Seen offer', description: 'Changed again' } }),
      }),
    );
    expect((await post(admin, '/api/pages/approve', { id: page, updated_at: shown })).statusCode).toBe(409);
    expect((await ok(await get(admin, `/api/pages/edit?id=${page}`))).data.published).toBe(0);
    const done = await ok(
      await post(admin, '/api/pages/approve', { id: page, updated_at: again.updated_at }),
    );
    expect(done.review).toMatchObject({ state: 'approved' });
    await ok(await post(admin, '/api/workflows/delete', { ids: [flow.id] }));
  });

  it('answers 422 for a page under no workflow and hides pages out of scope', async () => {
    const res = await post(admin, '/api/pages/submit', { id: other });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id).toEqual([
      'This page is not under a review workflow: it publishes as it is.',
    ]);
    const scoped = await signedInAs(server, 'Brand manager', { brand_ids: [alpha] });
    expect((await post(scoped.token, '/api/pages/submit', { id: other })).statusCode).toBe(422);
    expect((await post(admin, '/api/pages/approve', { id: 'x' })).statusCode).toBe(422);
  });

  it('lists the pages waiting, overdue first, to whoever may view them in their scope', async () => {
    const flow = await ok(
      await post(
        admin,
        '/api/workflows/create',
        workflowBody('Waiting', { applies_to: { page_ids: [range, other], brand_ids: [], forms: false } }),
      ),
    );
    const fresh = await store('Fresh offer', alpha, range);
    const late = await store('Late offer', alpha, range);
    const elsewhere = await store('Beta offer', beta, other);
    for (const id of [fresh, late, elsewhere]) await ok(await post(admin, '/api/pages/submit', { id }));
    // The late one has waited three days in a stage due within two (its due time set as it entered).
    await server.database.db.execute(
      sql`update page_reviews set since = now() - interval '3 days', due_at = now() - interval '1 day'
        where page_id = ${late}`,
    );
    const waiting = (await ok(await get(admin, '/api/pages/waiting'))).data as {
      id: number;
      overdue: boolean;
      stage: string;
    }[];
    expect(waiting.slice(0, 1)).toMatchObject([{ id: late, overdue: true, stage: 'Compliance review' }]);
    expect(waiting.map((w) => w.id)).toEqual(expect.arrayContaining([fresh, elsewhere]));
    expect(waiting.find((w) => w.id === fresh)?.overdue).toBe(false);
    const scoped = await signedInAs(server, 'Brand manager', { brand_ids: [alpha] });
    const theirs = (await ok(await get(scoped.token, '/api/pages/waiting'))).data as { id: number }[];
    expect(theirs.map((w) => w.id)).not.toContain(elsewhere);
    expect(theirs.map((w) => w.id)).toContain(late);
    expect((await get((await signedInAs(server, 'Sales')).token, '/api/pages/waiting')).statusCode).toBe(403);
    await ok(await post(admin, '/api/workflows/delete', { ids: [flow.id] }));
  });
});
