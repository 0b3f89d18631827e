import { revisionBlocks, revisions } from '@server/db/schema/history';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hero, richText } from './blocks';
import { createTestServer, databaseKind, type TestServer } from './harness';

let server: TestServer;
let token: string;

// Retention set low: the newest 3, and one a day for 2 days beyond them.
beforeAll(async () => {
  server = await createTestServer({ HISTORY_KEEP_LAST: '3', HISTORY_KEEP_DAYS: '2' });
  token = await server.login();
});
afterAll(() => server.close());

const post = (url: string, body: unknown) => server.call('POST', url, { token, body });
// The same two blocks on every save, sent back with their ids as the builder sends them.
const heroId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const textId = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
const template = (n: number) => ({
  name: 'Retained template',
  items: [
    { ...hero(), id: heroId },
    { ...richText(`Version ${n}`), id: textId },
  ],
  locked: 0,
  lock_pages: 0,
});

async function kept(id: number) {
  return server.database.db
    .select({ id: revisions.id, day: sql<string>`(created_at at time zone 'Europe/London')::date::text` })
    .from(revisions)
    .where(and(eq(revisions.area, 'templates'), eq(revisions.record, String(id))))
    .orderBy(asc(revisions.id));
}

/** Moves one revision to a time of another London day, `days` before today. */
async function backdate(revision: number, days: number, time: string) {
  await server.database.db.execute(sql`
    update revisions set created_at =
      (((now() at time zone 'Europe/London')::date - ${days}::int) + ${time}::time) at time zone 'Europe/London'
    where id = ${revision}`);
}

describe(`history retention (${databaseKind})`, () => {
  it('keeps the newest revisions and the newest of each recent day, pruned as revisions are written', async () => {
    const stored = await post('/api/templates/store', { data: template(0) });
    expect(stored.statusCode, stored.body).toBe(200);
    const id = stored.json().id as number;
    let version = stored.json().updated_at as string;
    const save = async (n: number) => {
      const res = await post('/api/templates/update', { id, data: template(n), updated_at: version });
      expect(res.statusCode, res.body).toBe(200);
      version = res.json().updated_at;
      return (await kept(id)).at(-1)!.id;
    };

    const a = (await kept(id))[0]!.id;
    await backdate(a, 5, '09:00');
    const b = await save(1);
    const c = await save(2);
    await backdate(b, 1, '10:00');
    await backdate(c, 1, '11:00');
    await save(3);
    const e = await save(4);
    const f = await save(5);
    const g = await save(6);

    // Beyond the newest three: yesterday's newest stays; yesterday's other, today's older one and
    // the one older than two days go.
    expect((await kept(id)).map((r) => r.id)).toEqual([c, e, f, g]);

    // Only the blocks the kept revisions list are stored: the hero once, and four rich texts.
    const blocks = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(revisionBlocks)
      .where(and(eq(revisionBlocks.area, 'templates'), eq(revisionBlocks.record, String(id))));
    expect(Number(blocks[0]!.n)).toBe(5);

    // The activity entries of pruned revisions stay, without the link.
    const log = (await server.call('GET', '/api/activity?page=1&area=templates', { token })).json().data as {
      revision_id: number | null;
    }[];
    expect(log).toHaveLength(7);
    expect(log.map((entry) => entry.revision_id).filter((r) => r !== null)).toEqual([g, f, e, c]);

    // More saves today replace the newest three; yesterday's keeper stays.
    for (let n = 7; n < 15; n++) await save(n);
    expect(await kept(id)).toHaveLength(4);
  });
});
