import { brands } from '@server/db/schema/brands';
import { SCHEDULE_QUEUE } from '@server/domain/pages/schedule';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './harness';
import { callProcess, processFixture, signInTo } from './process-calls';
import type { ServerProcess } from './server-process';

let brandId = 0;
const { servers, openData } = processFixture('scheduling', async (db) => {
  const [brand] = await db
    .insert(brands)
    .values({ name: 'Restart Motors', slug: 'restart-motors', live: true, meta: {}, sortOrder: 1 })
    .returning({ id: brands.id });
  brandId = brand!.id;
});

const pageData = (name: string, extra: Record<string, unknown>) => ({
  name,
  brand_id: brandId,
  meta: { title: name, description: `About ${name}` },
  published: 1,
  ...extra,
});

/** Calls `read` until `done` holds for its answer. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Still waiting after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sitePage = (server: ServerProcess, slug: string) =>
  callProcess(server, `site/pages?path=${encodeURIComponent(`/${slug}`)}`);

describe(`scheduled publishing when the server is killed (${databaseKind})`, () => {
  it('brings a page live once after a restart past its time, and takes another down once', async () => {
    const first = await servers.start();
    let token = await signInTo(first);
    // Far enough ahead that storing and checking both pages ends before it, however busy the machine.
    const at = new Date(Date.now() + 10_000).toISOString();
    // Stored first, so its job comes first in the queue.
    const launch = await callProcess(first, 'pages/store', {
      token,
      body: { data: pageData('Restart Launch', { published_at: at }), parent: null },
    });
    expect(launch.status, JSON.stringify(launch.json)).toBe(200);
    const ending = await callProcess(first, 'pages/store', {
      token,
      body: {
        data: pageData('Restart Ending', { published_at: '2025-01-01T09:00:00.000Z', unpublish_at: at }),
        parent: null,
      },
    });
    expect(ending.status, JSON.stringify(ending.json)).toBe(200);
    const launchId = launch.json.id as number;
    const endingId = ending.json.id as number;
    expect((await sitePage(first, launch.json.slug as string)).status).toBe(404);
    expect((await sitePage(first, ending.json.slug as string)).status).toBe(200);
    await servers.kill(first);

    // The server stays down until the time has passed.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, new Date(at).getTime() - Date.now() + 50)),
    );
    // On PostgreSQL several processes share the queue; on PGlite one process owns the data.
    const restarted = await Promise.all(
      databaseKind === 'postgres' ? [servers.start(), servers.start()] : [servers.start()],
    );
    const second = restarted[0]!;
    try {
      token = await signInTo(second);
      for (const server of restarted) {
        expect((await sitePage(server, launch.json.slug as string)).status).toBe(200);
        expect((await sitePage(server, ending.json.slug as string)).status).toBe(404);
      }
      // The unpublish job runs after the go-live's: once Published is off, both have run.
      const edited = await until(
        async () => (await callProcess(second, `pages/edit?id=${endingId}`, { token })).json.data,
        (data) => (data as { published: number }).published === 0,
      );
      expect(edited).toMatchObject({ published: 0, unpublish_at: null });
    } finally {
      for (const server of restarted) await servers.stop(server);
    }

    const database = await openData();
    try {
      const changes = await database.query(
        'select page_id, change from scheduled_changes order by page_id, change',
      );
      expect(changes.rows.map((row) => [Number(row.page_id), row.change])).toEqual([
        [launchId, 'publish'],
        [endingId, 'unpublish'],
      ]);
      // One job each, run once: neither the restart nor a second process queued or ran it again.
      const jobs = await database.query(
        `select (data->>'id')::int as id, data->>'change' as change, state, retry_count
         from pgboss.job where name = $1 order by id`,
        [SCHEDULE_QUEUE],
      );
      expect(jobs.rows.map((row) => [Number(row.id), row.change, row.state, row.retry_count])).toEqual([
        [launchId, 'publish', 'completed', 0],
        [endingId, 'unpublish', 'completed', 0],
      ]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
