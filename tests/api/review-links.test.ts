import { FORM_POST_LIMIT, MESSAGE_TOO_LONG, UNREADABLE } from '@server/site/formPosts';
import { mintReviewLink } from '@server/site/reviewLinks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richText } from './blocks';
import { createTestServer, databaseKind } from './harness';
import { get, post, store, type TreeClient, treeClientOn } from './pages-tree';

/**
 * A reviewer without a console account approves or requests changes from a link made from the
 * page's share preview (issue #28): signed for one page, stage, revision and e-mail, plain form
 * posts, recorded under the e-mail, and then exactly as a console approval.
 */

let c: TreeClient;
let adminId: number;
const REVIEWER = 'compliance@lender.example';
const STAGES = ['Compliance review', 'Sign-off'];
/** Subtree roots: under `twoStages` the first stage takes link approvals, the second does not; under `oneStage` its only stage does. */
const roots = { twoStages: 0, oneStage: 0 };

beforeAll(async () => {
  const server = await createTestServer();
  c = await treeClientOn(server, { name: 'Kia', slug: 'kia', live: true, sortOrder: 1 });
  adminId = server.adminId;
  roots.twoStages = await store(c, 'Finance', null);
  // Live before its workflow came: the pages under it show once approved.
  roots.oneStage = await store(c, 'Offers', null, {
    published: 1,
    published_at: new Date(Date.now() - 60_000).toISOString(),
  });
  const made = await post(c, '/api/workflows/create', {
    name: 'Finance offers',
    applies_to: { page_ids: [roots.twoStages], brand_ids: [], forms: false },
    stages: STAGES.map((name, i) => ({ name, role_ids: [], user_ids: [adminId], external: i === 0 })),
  });
  expect(made.statusCode, made.body).toBe(200);
  const shown = await get(c, `/api/workflows/show/${made.json().id}`);
  expect(shown.json().data.stages.map((s: { external: boolean }) => s.external)).toEqual([true, false]);
  const one = await post(c, '/api/workflows/create', {
    name: 'Dealer offers',
    applies_to: { page_ids: [roots.oneStage], brand_ids: [], forms: false },
    stages: [{ name: 'Lender check', role_ids: [], user_ids: [adminId], external: 'on' }],
  });
  expect(one.statusCode, one.body).toBe(200);
}, 120_000);
afterAll(() => c.server.close());

let counter = 0;

/** A page under a workflow with these words in its one block, submitted for review. */
async function waiting(root: number, words: string): Promise<number> {
  const id = await store(c, `Offer ${++counter}`, root, { items: [richText(words)] });
  const res = await post(c, '/api/pages/submit', { id });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function reviewLink(id: number, email = REVIEWER): Promise<string> {
  const res = await post(c, '/api/pages/share', { id, reviewer_email: email });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json();
  expect(answer).toMatchObject({ reviewer_email: email });
  expect(answer.url).toMatch(/^\/site\/_review\/[\w-]+\.[\w-]+\.[\w-]+$/);
  return answer.url as string;
}

/** Opened by someone with no console account: no token, no cookie. */
const open = (url: string) => c.server.app.inject({ method: 'GET', url });

/** The reviewer's choice, posted as a browser without JavaScript posts it. */
const act = (url: string, fields: Record<string, string>) =>
  c.server.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(fields).toString(),
  });

const reviewOf = async (id: number) => (await get(c, `/api/pages/edit?id=${id}`)).json().review;
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe(`approval from a share-preview link by a reviewer without an account (${databaseKind})`, () => {
  it('is made only for a page waiting in a stage that allows it, naming a valid e-mail', async () => {
    const draft = await store(c, `Draft ${++counter}`, roots.twoStages);
    const notWaiting = await post(c, '/api/pages/share', { id: draft, reviewer_email: REVIEWER });
    expect(notWaiting.statusCode).toBe(422);
    expect(notWaiting.json().errors.reviewer_email[0]).toContain('not waiting in a stage');
    const id = await waiting(roots.twoStages, 'APR 9.9%');
    const bad = await post(c, '/api/pages/share', { id, reviewer_email: 'not an address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.reviewer_email).toEqual(['Enter a valid e-mail address.']);
    // A plain preview link still comes without a reviewer.
    const plain = (await post(c, '/api/pages/share', { id })).json();
    expect(plain).toMatchObject({ reviewer_email: null, stage: null });
    expect(plain.url).toMatch(/^\/site\/_preview\//);
    expect((await post(c, '/api/pages/approve', { id })).statusCode).toBe(200);
    const signedInOnly = await post(c, '/api/pages/share', { id, reviewer_email: REVIEWER });
    expect(signedInOnly.statusCode).toBe(422);
    expect(signedInOnly.json().errors.reviewer_email[0]).toContain(
      'Sign-off is approved by signed-in reviewers only',
    );
  });

  it('shows the page as saved with Approve and Request changes, and approves it as the console does', async () => {
    const id = await waiting(roots.twoStages, 'Representative APR 9.9%');
    const url = await reviewLink(id);
    const page = await open(url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toMatch(/noindex/);
    const seen = text(page.body);
    expect(seen).toContain('Representative APR 9.9%');
    expect(seen).toContain(
      `You are reviewing this page as ${REVIEWER}, for Compliance review (Finance offers).`,
    );
    // A plain form posting back to the link, as the site works without JavaScript.
    const form = /<form[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(form).toContain(`action="${url}"`);
    expect(form).toContain('method="post"');
    const buttons = [...page.body.matchAll(/<button[^>]*value="([^"]+)"[^>]*>([^<]+)<\/button>/g)];
    expect(buttons.map((b) => [b[1], b[2]])).toEqual([
      ['approve', 'Approve'],
      ['request-changes', 'Request changes'],
    ]);
    // Styled as the site's own buttons, by the site's stylesheet, which styles the panel too.
    expect(buttons.map((b) => /class="([^"]+)"/.exec(b[0])?.[1])).toEqual([
      'site-button site-button--primary',
      'site-button site-button--secondary',
    ]);
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const css = (await open(stylesheet)).body;
    for (const rule of ['.site-review {', '.site-review__form textarea {', '.site-preview-note {'])
      expect(css).toContain(rule);

    const done = await act(url, { decision: 'approve', comment: 'Rates match the lender sheet' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${url}?done=approved`);
    expect(text((await open(done.headers.location as string)).body)).toContain(
      `Your approval is recorded under ${REVIEWER}.`,
    );
    expect(await reviewOf(id)).toMatchObject({
      state: 'in_review',
      stage: 'Sign-off',
      comment: 'Rates match the lender sheet',
    });
    // The page's review history and the activity log name the reviewer by e-mail.
    const history = (await get(c, `/api/pages/history?id=${id}`)).json().data;
    expect(history[0]).toMatchObject({ action: 'approved', user: { id: null, name: REVIEWER } });
    const activity = (await get(c, '/api/activity?area=pages')).json();
    const entries = activity.activity?.data ?? activity.data;
    expect(entries[0]).toMatchObject({
      action: 'approved',
      user: { id: null, name: REVIEWER },
    });
  });

  it('puts the page on the website when it approves the last stage', async () => {
    const id = await waiting(roots.oneStage, 'Only after approval');
    const url = await reviewLink(id);
    expect((await act(url, { decision: 'approve', comment: '' })).statusCode).toBe(303);
    expect(await reviewOf(id)).toMatchObject({ state: 'approved', stage: 'Approved' });
    const { data } = (await get(c, `/api/pages/edit?id=${id}`)).json();
    const site = await c.server.call('GET', `/api/site/pages?path=${encodeURIComponent(`/${data.slug}`)}`);
    expect(site.statusCode, site.body).toBe(200);
    expect(data.published).toBe(1);
  });

  it('requests changes only with a comment, and sends the page back to its editors', async () => {
    const id = await waiting(roots.twoStages, 'Missing the APR');
    const url = await reviewLink(id);
    const empty = await act(url, { decision: 'request-changes', comment: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(text(empty.body)).toContain('Say what should change.');
    expect(await reviewOf(id)).toMatchObject({ state: 'in_review', stage: 'Compliance review' });
    const sent = await act(url, { decision: 'request-changes', comment: 'Add the representative example' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`${url}?done=changes`);
    expect(await reviewOf(id)).toMatchObject({ state: 'draft', comment: 'Add the representative example' });
    const history = (await get(c, `/api/pages/history?id=${id}`)).json().data;
    expect(history[0]).toMatchObject({ action: 'changes_requested', user: { id: null, name: REVIEWER } });
  });

  it('answers a post past 64 KB with 413 and stores nothing; one at the limit is read', async () => {
    const id = await waiting(roots.twoStages, 'Check the small print');
    const url = await reviewLink(id);
    const before = (await get(c, `/api/pages/history?id=${id}`)).json().data.length;
    /** A request-changes post of exactly `bytes` bytes: `comment` as given and a padding field, or only a comment filling them. */
    const ofBytes = (bytes: number, comment?: string): Record<string, string> => {
      const fields: Record<string, string> =
        comment === undefined
          ? { decision: 'request-changes', comment: '' }
          : { decision: 'request-changes', comment, pad: '' };
      const fill = 'x'.repeat(bytes - Buffer.byteLength(new URLSearchParams(fields).toString()));
      return comment === undefined ? { ...fields, comment: fill } : { ...fields, pad: fill };
    };
    const sizeOf = (fields: Record<string, string>) =>
      Buffer.byteLength(new URLSearchParams(fields).toString());
    const unchanged = async () => {
      expect(await reviewOf(id)).toMatchObject({ state: 'in_review', stage: 'Compliance review' });
      expect((await get(c, `/api/pages/history?id=${id}`)).json().data).toHaveLength(before);
    };

    const over = ofBytes(FORM_POST_LIMIT + 1);
    expect(sizeOf(over)).toBe(FORM_POST_LIMIT + 1);
    const refused = await act(url, over);
    expect(refused.statusCode).toBe(413);
    expect(text(refused.body)).toContain(MESSAGE_TOO_LONG);
    await unchanged();

    // Past the server's own body limit too: still a page that says why, never JSON or a 500.
    const huge = await act(url, ofBytes(2 * 1024 * 1024));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toContain('text/html');
    expect(text(huge.body)).toContain(UNREADABLE);
    await unchanged();

    // At the limit the post is read: a comment that long breaks the comment's own rule (422).
    const long = ofBytes(FORM_POST_LIMIT);
    expect(sizeOf(long)).toBe(FORM_POST_LIMIT);
    const tooLongComment = await act(url, long);
    expect(tooLongComment.statusCode).toBe(422);
    expect(text(tooLongComment.body)).toContain('Use at most 2000 characters.');
    await unchanged();

    // And one at the limit whose comment is within the rule goes through.
    const fits = ofBytes(FORM_POST_LIMIT, 'Quote the APR beside the price');
    expect(sizeOf(fits)).toBe(FORM_POST_LIMIT);
    const sent = await act(url, fits);
    expect(sent.statusCode, text(sent.body).slice(0, 300)).toBe(303);
    expect(await reviewOf(id)).toMatchObject({ state: 'draft', comment: 'Quote the APR beside the price' });
  });

  it('refuses a link for an older revision or another stage, with a clear message', async () => {
    const edited = await waiting(roots.twoStages, 'Before the edit');
    const stale = await reviewLink(edited);
    const { data } = (await get(c, `/api/pages/edit?id=${edited}`)).json();
    const { updated_at: _u, ...values } = data;
    const saved = await post(c, '/api/pages/update', {
      id: edited,
      data: { ...values, name: `${data.name} v2` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const res of [await open(stale), await act(stale, { decision: 'approve' })]) {
      expect(res.statusCode).toBe(409);
      expect(text(res.body)).toContain('This link was made for an earlier version of the page');
    }
    expect(await reviewOf(edited)).toMatchObject({ state: 'in_review', stage: 'Compliance review' });

    const moved = await waiting(roots.twoStages, 'Moved on');
    const early = await reviewLink(moved);
    expect((await post(c, '/api/pages/approve', { id: moved })).statusCode).toBe(200);
    for (const res of [await open(early), await act(early, { decision: 'approve' })]) {
      expect(res.statusCode).toBe(409);
      expect(text(res.body)).toContain('This link was made for another stage of the review');
    }
    expect(await reviewOf(moved)).toMatchObject({ state: 'in_review', stage: 'Sign-off' });
  });

  it('refuses a forged, expired or foreign token', async () => {
    const id = await waiting(roots.twoStages, 'Secret draft');
    const url = await reviewLink(id);
    const token = url.split('/').pop()!;
    const [header, , signature] = token.split('.');
    const otherPage = Buffer.from(
      JSON.stringify({ aud: 'site-review', sub: JSON.stringify([id + 1, 0, 1, REVIEWER]) }),
    ).toString('base64url');
    const expired = await mintReviewLink(
      c.server.tokens,
      { pageId: id, stage: 0, revision: 1, email: REVIEWER },
      new Date(Date.now() - 1000),
    );
    const preview = (await post(c, '/api/pages/share', { id })).json().url.split('/').pop();
    for (const forged of [
      `${url.slice(0, -2)}${url.endsWith('AA') ? 'BB' : 'AA'}`,
      `/site/_review/${header}.${otherPage}.${signature}`,
      expired.path,
      `/site/_review/${preview}`,
      '/site/_review/not-a-token',
    ]) {
      for (const res of [await open(forged), await act(forged, { decision: 'approve' })]) {
        expect(res.statusCode, forged).toBe(410);
        expect(text(res.body)).toContain('This review link has expired or is not a valid link');
        expect(res.body).not.toContain('Secret draft');
      }
    }
    expect(await reviewOf(id)).toMatchObject({ state: 'in_review', stage: 'Compliance review' });
  });

  it('takes one of two approvals sent at once from the same link', async () => {
    const id = await waiting(roots.twoStages, 'Double click');
    const url = await reviewLink(id);
    const answers = await Promise.all([
      act(url, { decision: 'approve', comment: 'First' }),
      act(url, { decision: 'approve', comment: 'Second' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([303, 409]);
    expect(await reviewOf(id)).toMatchObject({ state: 'in_review', stage: 'Sign-off' });
    const history = (await get(c, `/api/pages/history?id=${id}`)).json().data as { action: string }[];
    expect(history.filter((row) => row.action === 'approved')).toHaveLength(1);
  });
});
