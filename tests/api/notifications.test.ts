import { notifications } from '@server/db/schema/notifications';
import { pruneNotices } from '@server/domain/notifications/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alphaAndBeta } from './accessFixtures';
import { addRole, createTestServer, databaseKind, roleId, signedInAs, type TestServer } from './harness';
import { type SmtpCatcher, startSmtp } from './smtp';
import { ok, tokenCalls } from './tokenCalls';

/**
 * Notices (issue #28): who is told of each review move and mention, in the console and by e-mail,
 * and the bell's calls; the approval queue and the stages' medians on the dashboard's call.
 */

let server: TestServer;
let smtp: SmtpCatcher;
let admin: string;
let alpha: number;
let beta: number;
let offer: number;
type Person = { id: number; token: string; email: string };
let editor: Person;
let checker: Person;
let outsider: Person;
let signer: Person;

const { post, get } = tokenCalls(() => server);

interface Listed {
  notifications: {
    data: Array<{
      id: number;
      kind: string;
      text: string;
      record: string;
      url: string;
      read_at: string | null;
    }>;
    total: number;
    current_page: number;
  };
  unread: number;
}
const bell = async (who: Person): Promise<Listed> => ok(await get(who.token, '/api/notifications?page=1'));

async function store(name: string, brandId: number): Promise<number> {
  const data = {
    name,
    slug: 'ignored',
    brand_id: brandId,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    is_allowed_children: 1,
  };
  return (await ok(await post(admin, '/api/pages/store', { data, parent: null }))).id as number;
}

/** The mail to `email` whose text says `words`, once the queue has sent it. */
async function mailTo(email: string, words: string): Promise<string> {
  for (let count = 1; ; count += 1) {
    const received = await smtp.waitFor(count);
    const found = received.find((m) => m.to.includes(email) && m.raw.replace(/=\r?\n/g, '').includes(words));
    if (found) return found.raw.replace(/=\r?\n/g, '');
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://console.example.com' });
  admin = await server.login();
  ({ alpha, beta } = await alphaAndBeta(server));
  offer = await store('Finance offer', alpha);
  await addRole(server, 'Checker', { pages: ['view'] });
  await addRole(server, 'Writer', { pages: ['view', 'create', 'update'] });
  editor = await signedInAs(server, 'Writer', { brand_ids: [alpha] }, 'Eve Writer');
  checker = await signedInAs(server, 'Checker', { brand_ids: [alpha] }, 'Cal Checker');
  // Holds the stage's role but may not see Alpha's pages.
  outsider = await signedInAs(server, 'Checker', { brand_ids: [beta] }, 'Olly Outsider');
  signer = await signedInAs(server, 'Writer', {}, 'Sid Signer');
  await ok(
    await post(admin, '/api/workflows/create', {
      name: 'Finance offers',
      applies_to: { page_ids: [], brand_ids: [alpha, beta], forms: false },
      stages: [
        {
          name: 'Compliance review',
          role_ids: [await roleId(server, 'Checker')],
          user_ids: [],
          due_hours: 48,
        },
        { name: 'Sign-off', role_ids: [], user_ids: [signer.id], due_hours: null },
      ],
    }),
  );
}, 60_000);
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe(`notifications (${databaseKind})`, () => {
  it('tells each stage’s reviewers who may see the page, the submitter when it comes back or is approved, never the actor', async () => {
    await ok(await post(editor.token, '/api/pages/submit', { id: offer }));
    const waiting = await bell(checker);
    expect(waiting.unread).toBe(1);
    expect(waiting.notifications.data[0]).toMatchObject({
      kind: 'review_waiting',
      text: '“Finance offer” is waiting for your review in Compliance review (Finance offers).',
      record: `pages:${offer}`,
      url: `/pages/edit/${offer}`,
      read_at: null,
    });
    // The role's holder whose scope does not reach the page, the submitter and the next stage: nothing.
    expect((await bell(outsider)).notifications.total).toBe(0);
    expect((await bell(editor)).notifications.total).toBe(0);
    expect((await bell(signer)).notifications.total).toBe(0);
    const mail = await mailTo(checker.email, 'is waiting for your review in Compliance review');
    expect(mail).toContain(`https://console.example.com/pages/edit/${offer}`);

    await ok(await post(checker.token, '/api/pages/request-changes', { id: offer, comment: 'Add the APR.' }));
    const back = await bell(editor);
    expect(back.notifications.data[0]).toMatchObject({
      kind: 'changes_requested',
      text: 'Cal Checker asked for changes to “Finance offer” in Compliance review: Add the APR.',
    });
    await mailTo(editor.email, 'asked for changes');

    await ok(await post(editor.token, '/api/pages/submit', { id: offer }));
    await ok(await post(checker.token, '/api/pages/approve', { id: offer }));
    expect((await bell(signer)).notifications.data[0]).toMatchObject({
      kind: 'review_waiting',
      text: '“Finance offer” is waiting for your review in Sign-off (Finance offers).',
    });
    await ok(await post(signer.token, '/api/pages/approve', { id: offer }));
    const approved = await bell(editor);
    expect(approved.unread).toBe(2);
    expect(approved.notifications.data.map((n) => n.kind)).toEqual(['approved', 'changes_requested']);
    await mailTo(editor.email, 'is approved');
    // The checker was told twice (two submissions), and never of their own approval.
    expect((await bell(checker)).notifications.data.map((n) => n.kind)).toEqual([
      'review_waiting',
      'review_waiting',
    ]);
    expect((await bell(outsider)).notifications.total).toBe(0);
  });

  it('tells users mentioned by name or e-mail who may see the page, not the author, not others', async () => {
    const body = `@Olly Outsider, @${checker.email} and @Eve Writer: is the APR right?`;
    const made = await ok(
      await post(editor.token, '/api/comments/create', { record: `pages:${offer}`, body }),
    );
    expect(made.data.mentions.map((m: { name: string }) => m.name).sort()).toEqual([
      'Cal Checker',
      'Eve Writer',
      'Olly Outsider',
    ]);
    expect((await bell(checker)).notifications.data[0]).toMatchObject({
      kind: 'mention',
      text: `Eve Writer mentioned you on “Finance offer”: ${body}`,
      url: `/pages/edit/${offer}`,
    });
    expect((await bell(outsider)).notifications.total).toBe(0);
    expect((await bell(editor)).notifications.data[0]?.kind).not.toBe('mention');
    await mailTo(checker.email, 'mentioned you');
    // A name inside a longer word, or an address in the text, mentions nobody.
    const quiet = await ok(
      await post(editor.token, '/api/comments/create', {
        record: `pages:${offer}`,
        body: `@Cal Checkers and x${checker.email.replace(/^/, '@')} aside`,
      }),
    );
    expect(quiet.data.mentions).toEqual([]);
  });

  it('marks only one’s own notices read, refuses others’ and bad ids with field errors, and takes two reads at once', async () => {
    const mine = await bell(checker);
    const theirs = await bell(editor);
    const first = mine.notifications.data[0]!.id;
    const refused = await post(checker.token, '/api/notifications/read', {
      ids: [first, theirs.notifications.data[0]!.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'ids.1': ['Choose notices of yours.'] });
    expect((await bell(checker)).unread).toBe(mine.unread);
    expect((await bell(editor)).unread).toBe(theirs.unread);
    for (const body of [{}, { ids: [] }, { ids: ['abc'] }, { ids: [0] }, { all: false }]) {
      const res = await post(checker.token, '/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)[0]).toMatch(/^(ids|all)/);
    }

    const both = await Promise.all([
      post(checker.token, '/api/notifications/read', { ids: [first] }),
      post(checker.token, '/api/notifications/read', { ids: [first] }),
    ]);
    for (const res of both) expect(res.statusCode, res.body).toBe(200);
    const after = await bell(checker);
    expect(after.unread).toBe(mine.unread - 1);
    expect(after.notifications.data.find((n) => n.id === first)?.read_at).not.toBeNull();

    const all = await ok(await post(checker.token, '/api/notifications/read', { all: true }));
    expect(all).toEqual({ message: 'Every notice is read.', unread: 0 });
    expect((await bell(editor)).unread).toBe(theirs.unread);
  });

  it('lists the approval queue of the signed-in reviewer, with due times, and the stages’ medians', async () => {
    const second = await store('Winter offer', alpha);
    const betaPage = await store('Beta offer', beta);
    await ok(await post(editor.token, '/api/pages/submit', { id: second }));
    await ok(await post(admin, '/api/pages/submit', { id: betaPage }));
    const queue = async (who: Person | string, mine = true) =>
      (
        await ok(
          await get(typeof who === 'string' ? who : who.token, `/api/pages/waiting?mine=${mine ? 1 : 0}`),
        )
      ).data as Array<{ id: number; due_at: string | null; since: string }>;
    const checkers = await queue(checker);
    expect(checkers.map((p) => p.id)).toEqual([second]);
    expect(Date.parse(checkers[0]!.due_at!) - Date.parse(checkers[0]!.since)).toBe(48 * 3_600_000);
    expect((await queue(outsider)).map((p) => p.id)).toEqual([betaPage]);
    expect(await queue(signer)).toEqual([]);
    expect((await queue(admin, false)).map((p) => p.id).sort()).toEqual([second, betaPage].sort());

    const medians = (await ok(await get(admin, '/api/pages/waiting'))).stage_medians;
    expect(medians).toEqual([
      {
        workflow_name: 'Finance offers',
        stage: 'Compliance review',
        count: 2,
        median_seconds: expect.any(Number),
      },
      { workflow_name: 'Finance offers', stage: 'Sign-off', count: 1, median_seconds: expect.any(Number) },
    ]);
    // Scoped to what the user may see: the outsider's brand has no page that left a stage.
    expect((await ok(await get(outsider.token, '/api/pages/waiting'))).stage_medians).toEqual([]);
  });
});

describe(`retention of notices (${databaseKind})`, () => {
  it('forgets read notices sent more than 90 days ago, and keeps unread and newer ones', async () => {
    const reader = await signedInAs(server, 'Writer', {}, 'Rita Reader');
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const notice = (text: string, sentDaysAgo: number, read: boolean) => ({
      userId: reader.id,
      kind: 'mention' as const,
      text,
      record: `pages:${offer}`,
      path: `/pages/${offer}`,
      createdAt: new Date(now - sentDaysAgo * day),
      readAt: read ? new Date(now - day) : null,
    });
    await server.database.db
      .insert(notifications)
      .values([
        notice('Old and read', 91, true),
        notice('Old and unread', 91, false),
        notice('Recent and read', 89, true),
      ]);
    const texts = async () =>
      (await ok(await get(reader.token, '/api/notifications?page=1'))).notifications.data
        .map((n: { text: string }) => n.text)
        .sort();
    await pruneNotices(server.database.db, new Date(now));
    expect(await texts()).toEqual(['Old and unread', 'Recent and read']);
    // Two days on, the read one has passed 90 days as well; the unread one stays until it is read.
    await pruneNotices(server.database.db, new Date(now + 2 * day));
    expect(await texts()).toEqual(['Old and unread']);
  });
});
