import { brands } from '@server/db/schema/brands';
import { imports } from '@server/db/schema/jobs';
import { pages } from '@server/db/schema/pages';
import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './harness';
import { callProcess, followJob, processFixture, signInTo } from './process-calls';
import { PAGE_HEADERS, workbook } from './workbooks';

/** Enough rows that the job is still checking them when the server dies. */
const ROWS = 150;

const { servers, openData, smtp } = processFixture('import_restart', (db) =>
  db.insert(brands).values({ name: 'Kia', slug: 'kia', sortOrder: 1 }),
);

interface Progress {
  status: string;
  rows_done: number;
  created: number;
  mailed: boolean;
}

describe(`an import when the server is killed (${databaseKind})`, () => {
  it('creates the pages once after a restart and mails the confirmation exactly once', async () => {
    const rows = Array.from({ length: ROWS }, (_, i) => [
      `Model ${i + 1}`,
      'kia',
      null,
      null,
      `Page ${i + 1}`,
    ]);
    const form = new FormData();
    form.set('email', 'editor@example.com');
    form.set('provider', 'pages');
    form.set('import', new Blob([new Uint8Array(await workbook(PAGE_HEADERS, rows))]), 'models.xlsx');

    const first = await servers.start();
    let token = await signInTo(first);
    const queued = await callProcess(first, 'builder/imports/run', { token, form });
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    const id = queued.json.import_id as number;

    const midway = await followJob<Progress>(first, token, `imports/${id}`, (p) => p.rows_done > 0);
    await servers.kill(first);
    expect(midway.status).toBe('running');
    expect(midway.created).toBe(0);
    expect(smtp.received).toHaveLength(0);

    const second = await servers.start();
    try {
      token = await signInTo(second);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['editor@example.com']);
      expect(mail!.raw).toContain(`Your page import is complete: ${ROWS} pages created`);
      const finished = await followJob<Progress>(second, token, `imports/${id}`, (p) => p.mailed);
      expect(finished).toMatchObject({ status: 'done', created: ROWS });
    } finally {
      await servers.stop(second);
    }

    const database = await openData();
    try {
      const jobs = await database.query(`SELECT state FROM pgboss.job WHERE name = 'import'`);
      expect(jobs.rows.map((row) => row.state)).toEqual(['completed']);
      const [record] = await database.db.select().from(imports).where(eq(imports.id, id));
      expect(record).toMatchObject({ status: 'done', created: ROWS });
      // Once after the kill at least; on PostgreSQL a slow run may also expire and be taken over,
      // which the counts above show is harmless.
      expect(record!.attempts).toBeGreaterThanOrEqual(2);
      const [made] = await database.db
        .select({ n: count() })
        .from(pages)
        .where(and(eq(pages.kind, 'page'), isNull(pages.deletedAt)));
      expect(made!.n).toBe(ROWS);
    } finally {
      await database.close();
    }
    expect(smtp.received).toHaveLength(1);
  }, 240_000);
});
