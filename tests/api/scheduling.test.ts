import { applyScheduledChange, SCHEDULE_QUEUE, scheduleChanges } from '@server/domain/pages/schedule';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { get, pageData, post, type TreeClient, treeClientOn } from './pages-tree';

let c: TreeClient;
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  c = await treeClientOn(server, {
    name: 'Scheduled Motors',
    slug: 'scheduled-motors',
    live: true,
    meta: {},
    sortOrder: 1,
  });
});
afterAll(() => server.close());

/** A public call, as a website makes it. */
const site = (url: string) => server.call('GET', url);

/** A time `ms` from now, as the builder sends it (with its offset). */
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const PAST = '2025-01-01T09:00:00.000Z';

/** Calls `read` until `done` holds for its answer: an event awaited, not a guessed pause. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Arranges a change made before a scheduled time, at `margin` ms ahead, with a longer margin each
 * time the arranging itself outlasted it (a busy machine can take seconds over a few calls); each
 * attempt names its pages apart, so an overrun attempt's pages play no part in what follows.
 */
async function beforeItsTime<T>(arrange: (at: string, attempt: string) => Promise<T>) {
  for (const margin of [2_000, 8_000, 30_000]) {
    const at = inMs(margin);
    const value = await arrange(at, margin === 2_000 ? '' : ` ${margin}`);
    if (Date.now() < new Date(at).getTime()) return { at, value };
  }
  throw new Error('Arranging a change before its time took over 30 s three times');
}

async function storePage(name: string, extra: Record<string, unknown>, parent: number | null = null) {
  const res = await post(c, '/api/pages/store', { data: pageData(c, name, extra), parent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; slug: string; updated_at: string };
}

async function updatePage(id: number, name: string, extra: Record<string, unknown>) {
  const shown = (await get(c, `/api/pages/edit?id=${id}`)).json().data;
  return post(c, '/api/pages/update', {
    id,
    data: pageData(c, name, extra),
    updated_at: shown.updated_at,
  });
}

const navigationNames = async () => {
  const res = await site('/api/site/navigation?depth=2');
  expect(res.statusCode).toBe(200);
  const names: string[] = [];
  const walk = (entries: { name: string; children: unknown[] }[]) => {
    for (const entry of entries) {
      names.push(entry.name);
      walk(entry.children as typeof entries);
    }
  };
  walk(res.json().data);
  return names;
};

/** The changes that took effect for a page, as the jobs recorded them. */
async function changesOf(id: number) {
  const result = await server.database.query(
    'select change, at from scheduled_changes where page_id = $1 order by done_at',
    [id],
  );
  return result.rows.map((row) => ({ change: row.change, at: new Date(row.at as string).toISOString() }));
}

/** The schedule queue's jobs for a page, with their state. */
async function jobsFor(id: number) {
  const result = await server.database.query(
    `select singleton_key, state from pgboss.job where name = $1 and (data->>'id')::int = $2`,
    [SCHEDULE_QUEUE, id],
  );
  return result.rows as { singleton_key: string; state: string }[];
}

/** Waits until the job queued for this page, change and time has finished. */
const jobDone = (id: number, change: 'publish' | 'unpublish', at: string) =>
  until(
    () => jobsFor(id),
    (rows) =>
      rows.some(
        (row) =>
          row.singleton_key === `${id}:${change}:${new Date(at).toISOString()}` && row.state === 'completed',
      ),
  );

describe(`scheduled publishing (${databaseKind})`, () => {
  it('keeps a page scheduled 3 s ahead off the site and its navigation, and shows it from its time', async () => {
    // Made with a time far enough ahead that no slow machine reaches it before the checks below;
    // then brought to 3 s ahead, as an editor moving the time would.
    const page = await storePage('Spring Launch Event', { published: 1, published_at: inMs(3_600_000) });
    const child = await storePage('Spring Launch Offers', { published: 1, published_at: PAST }, page.id);
    const path = `/api/site/pages?path=/${page.slug}`;

    const early = await site(path);
    expect(early.statusCode).toBe(404);
    // A child published long ago waits for its scheduled parent.
    expect((await site(`/api/site/pages?path=/${child.slug}`)).statusCode).toBe(404);
    const navigation = await site('/api/site/navigation?depth=2');
    expect(navigation.json().data.map((e: { name: string }) => e.name)).not.toContain('Spring Launch Event');

    const at = inMs(3_000);
    expect(
      (await updatePage(page.id, 'Spring Launch Event', { published: 1, published_at: at })).statusCode,
    ).toBe(200);
    // No cache keeps the navigation past the page's time: it may be kept only until then.
    const asked = Date.now();
    const soon = await site('/api/site/navigation?depth=2');
    const maxAge = Number(/max-age=(\d+)/.exec(soon.headers['cache-control'] as string)?.[1]);
    expect(maxAge).toBeLessThanOrEqual(Math.max(0, Math.ceil((new Date(at).getTime() - asked) / 1000)));
    expect(soon.headers['cache-control']).not.toContain('stale-while-revalidate');

    const live = await until(
      () => site(path),
      (res) => res.statusCode === 200,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(live.json()).toMatchObject({ name: 'Spring Launch Event', published_at: at });
    expect(live.json().children.map((x: { name: string }) => x.name)).toEqual(['Spring Launch Offers']);
    expect((await site(`/api/site/pages?path=/${child.slug}`)).statusCode).toBe(200);
    expect(await navigationNames()).toEqual(
      expect.arrayContaining(['Spring Launch Event', 'Spring Launch Offers']),
    );

    // The job records the go-live once; the page stays as it was saved.
    await until(
      () => changesOf(page.id),
      (rows) => rows.length > 0,
    );
    expect(await changesOf(page.id)).toEqual([{ change: 'publish', at }]);
    const edited = (await get(c, `/api/pages/edit?id=${page.id}`)).json().data;
    expect(edited).toMatchObject({ published: 1, published_at: at, unpublish_at: null });
  });

  it('takes a page down at its unpublish time and turns Published off', async () => {
    // Made with a time far ahead, checked, then brought to 2 s ahead: no slow machine reaches the
    // time before the checks that the page is still up.
    const page = await storePage('Winter Clearance', {
      published: 1,
      published_at: PAST,
      unpublish_at: inMs(3_600_000),
    });
    const child = await storePage('Winter Clearance Tyres', { published: 1, published_at: PAST }, page.id);
    const path = `/api/site/pages?path=/${page.slug}`;
    expect((await site(path)).statusCode).toBe(200);
    expect((await site(`/api/site/pages?path=/${child.slug}`)).statusCode).toBe(200);
    const at = inMs(2_000);
    expect(
      (await updatePage(page.id, 'Winter Clearance', { published: 1, published_at: PAST, unpublish_at: at }))
        .statusCode,
    ).toBe(200);
    expect((await get(c, `/api/pages/edit?id=${page.id}`)).json().data.unpublish_at).toBe(at);

    await until(
      () => site(path),
      (res) => res.statusCode === 404,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
    // Its children go with it.
    expect((await site(`/api/site/pages?path=/${child.slug}`)).statusCode).toBe(404);
    const names = await navigationNames();
    expect(names).not.toContain('Winter Clearance');
    expect(names).not.toContain('Winter Clearance Tyres');
    const edited = await until(
      async () => (await get(c, `/api/pages/edit?id=${page.id}`)).json().data,
      (data) => data.published === 0,
    );
    // Unpublished, it has no publish or unpublish time, as when it is saved or toggled off.
    expect(edited).toMatchObject({ published_at: null, unpublish_at: null });
    expect(await changesOf(page.id)).toEqual([{ change: 'unpublish', at }]);
    // In the page's history and the activity log, made by nobody signed in.
    const history = (await get(c, `/api/pages/history?id=${page.id}`)).json().data;
    expect(history[0]).toMatchObject({ action: 'unpublished', user: null });
    const activity = (await get(c, '/api/activity?area=pages&action=unpublished')).json().data;
    expect(
      activity.find((entry: { record: { id: number } | null }) => entry.record?.id === page.id),
    ).toMatchObject({
      user: null,
      revision_id: history[0].id,
      detail: 'At its scheduled time.',
    });
  });

  it('schedules a form, which its site call answers only from its time', async () => {
    const at = inMs(2_000);
    const res = await post(c, '/api/forms/store', {
      data: {
        name: 'Launch Test Drive',
        meta: { title: 'Launch', description: 'Launch test drive' },
        published: 1,
        published_at: at,
        emails: {
          subject: 'Test drive',
          email_title: 'Test drive',
          email_body: 'A test drive was booked.',
          email_lists: 'sales@example.com',
        },
        thank_you: { description: 'Thank you.' },
      },
      parent: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const path = `/api/site/forms/${res.json().handle}`;
    expect((await site(path)).statusCode).toBe(404);
    await until(
      () => site(path),
      (answer) => answer.statusCode === 200,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
  });

  it('follows a time moved earlier or later, and a cleared one', async () => {
    // Moved earlier: live at the new time, long before the old one.
    const early = await storePage('Moved Earlier', { published: 1, published_at: inMs(3_600_000) });
    const earlier = inMs(2_000);
    expect(
      (await updatePage(early.id, 'Moved Earlier', { published: 1, published_at: earlier })).statusCode,
    ).toBe(200);
    await until(
      () => site(`/api/site/pages?path=/${early.slug}`),
      (res) => res.statusCode === 200,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(earlier).getTime());

    // Moved later: the first time's job finds another time and leaves the page off the site.
    const { at: first, value: late } = await beforeItsTime(async (at, attempt) => {
      const page = await storePage(`Moved Later${attempt}`, { published: 1, published_at: at });
      const moved = await updatePage(page.id, `Moved Later${attempt}`, {
        published: 1,
        published_at: inMs(3_600_000),
      });
      expect(moved.statusCode).toBe(200);
      return page;
    });
    // An unpublish time cleared before it comes: the page stays up after it.
    const { at: kept, value: stays } = await beforeItsTime(async (at, attempt) => {
      const page = await storePage(`Stays Up${attempt}`, {
        published: 1,
        published_at: PAST,
        unpublish_at: at,
      });
      const cleared = await updatePage(page.id, `Stays Up${attempt}`, { published: 1, published_at: PAST });
      expect(cleared.statusCode).toBe(200);
      return page;
    });
    // Unpublished before its time: it never goes live.
    const { at: dropped, value: never } = await beforeItsTime(async (at, attempt) => {
      const page = await storePage(`Never Live${attempt}`, { published: 1, published_at: at });
      expect((await updatePage(page.id, `Never Live${attempt}`, { published: 0 })).statusCode).toBe(200);
      return page;
    });

    await Promise.all([
      jobDone(late.id, 'publish', first),
      jobDone(stays.id, 'unpublish', kept),
      jobDone(never.id, 'publish', dropped),
    ]);
    expect((await site(`/api/site/pages?path=/${late.slug}`)).statusCode).toBe(404);
    expect(await changesOf(late.id)).toEqual([]);
    expect((await site(`/api/site/pages?path=/${stays.slug}`)).statusCode).toBe(200);
    expect((await get(c, `/api/pages/edit?id=${stays.id}`)).json().data).toMatchObject({
      published: 1,
      unpublish_at: null,
    });
    expect(await changesOf(stays.id)).toEqual([]);
    expect((await site(`/api/site/pages?path=/${never.slug}`)).statusCode).toBe(404);
    expect(await changesOf(never.id)).toEqual([]);
  });

  it('refuses an unpublish time that is not after the publish time, and a broken one, with 422', async () => {
    const at = '2026-06-01T09:00:00.000Z';
    for (const unpublish_at of ['2026-05-31T09:00:00.000Z', at]) {
      const res = await post(c, '/api/pages/store', {
        data: pageData(c, 'Bad Window', { published: 1, published_at: at, unpublish_at }),
        parent: null,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ 'data.unpublish_at': ['Choose a time after the publish time.'] });
    }
    const broken = await post(c, '/api/pages/store', {
      data: pageData(c, 'Bad Window', { published: 1, published_at: at, unpublish_at: 'next week' }),
      parent: null,
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ 'data.unpublish_at': ['Enter an unpublish date.'] });
    const form = await post(c, '/api/forms/store', {
      data: {
        name: 'Bad Window Form',
        meta: { title: 'Bad', description: 'Bad window' },
        published: 1,
        published_at: at,
        unpublish_at: '2026-01-01T09:00:00.000Z',
        emails: { subject: 'S', email_title: 'T', email_body: 'B', email_lists: 'sales@example.com' },
      },
      parent: null,
    });
    expect(form.statusCode).toBe(422);
    expect(form.json().errors['data.unpublish_at']).toEqual(['Choose a time after the publish time.']);
    // Not published: both times are dropped, so there is nothing to refuse.
    const draft = await storePage('Draft Window', { published: 0, published_at: at, unpublish_at: PAST });
    expect((await get(c, `/api/pages/edit?id=${draft.id}`)).json().data).toMatchObject({
      published: 0,
      published_at: null,
      unpublish_at: null,
    });
  });

  it('lists what goes live or comes down in the next 7 days, soonest first', async () => {
    const day = 24 * 3_600_000;
    const inTwoDays = inMs(2 * day);
    const inThreeDays = inMs(3 * day);
    const soon = await storePage('Summer Sale', {
      published: 1,
      published_at: inTwoDays,
      unpublish_at: inThreeDays,
    });
    const later = await storePage('Autumn Sale', { published: 1, published_at: inMs(8 * day) });
    const draft = await storePage('Draft Sale', { published: 0 });
    const res = await get(c, '/api/pages/schedule');
    expect(res.statusCode, res.body).toBe(200);
    const ours = res
      .json()
      .data.filter((entry: { id: number }) => [soon.id, later.id, draft.id].includes(entry.id));
    expect(ours).toEqual([
      { id: soon.id, kind: 'page', name: 'Summer Sale', at: inTwoDays, change: 'publish' },
      { id: soon.id, kind: 'page', name: 'Summer Sale', at: inThreeDays, change: 'unpublish' },
    ]);
    const times = res.json().data.map((entry: { at: string }) => entry.at);
    expect(times).toEqual([...times].sort());
    expect((await server.call('GET', '/api/pages/schedule')).statusCode).toBe(401);
  });

  it('queues one job per page, change and time, and applies a change once, however many try at once', async () => {
    const at = inMs(60_000);
    const page = await storePage('Race Day', { published: 1, published_at: at });
    const { db } = server.database;
    await Promise.all([scheduleChanges(db, server.jobs), scheduleChanges(db, server.jobs, [page.id])]);
    expect((await jobsFor(page.id)).filter((row) => row.state === 'created')).toHaveLength(1);

    // Brought forward straight in the table, as if the time had come: three runs, one change.
    await db.execute(sql`update pages set published_at = now() - interval '1 second' where id = ${page.id}`);
    const [row] = (await server.database.query('select published_at from pages where id = $1', [page.id]))
      .rows;
    const data = {
      id: page.id,
      change: 'publish' as const,
      at: new Date(row!.published_at as string).toISOString(),
    };
    const runs = await Promise.all([1, 2, 3].map(() => applyScheduledChange(db, data)));
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await changesOf(page.id)).toHaveLength(1);
    // One change, one revision for it.
    const history = (await get(c, `/api/pages/history?id=${page.id}`)).json().data;
    expect(history.map((revision: { action: string }) => revision.action)).toEqual(['published', 'created']);
  });

  it('does not queue a time again whose job another process has already run', async () => {
    const at = inMs(60_000);
    const page = await storePage('Already Run', { published: 1, published_at: PAST, unpublish_at: at });
    const { db } = server.database;
    expect(await jobsFor(page.id)).toHaveLength(1);
    // As a second process sees it: the job finished while its own start was reading the pages.
    await server.database.query(
      `update pgboss.job set state = 'completed', completed_on = now() where name = $1 and (data->>'id')::int = $2`,
      [SCHEDULE_QUEUE, page.id],
    );
    await Promise.all([scheduleChanges(db, server.jobs), scheduleChanges(db, server.jobs, [page.id])]);
    expect((await jobsFor(page.id)).map((row) => row.state)).toEqual(['completed']);
    // A time moved later is a new job.
    const later = inMs(120_000);
    const moved = await updatePage(page.id, 'Already Run', {
      published: 1,
      published_at: PAST,
      unpublish_at: later,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await jobsFor(page.id)).map((row) => row.state).sort()).toEqual(['completed', 'created']);
  });
});
