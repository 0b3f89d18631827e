import { join } from 'node:path';
import { buildApp } from '@server/app';
import { readConfig } from '@server/config';
import { imports } from '@server/db/schema/jobs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';

/**
 * An import whose process died mid-run: the next start shows it failed (the console's 'The import
 * stopped with an error; it will be tried again.') rather than running until its job expires, and
 * hands its job back to the queue. An import a live process is running is left alone.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

/** An import as a run left it: running, part way through its rows. */
async function runningImport(): Promise<number> {
  const [row] = await server.database.db
    .insert(imports)
    .values({
      kind: 'page',
      provider: 'pages',
      email: 'editor@example.com',
      file: '/nowhere/models.xlsx',
      filename: 'models.xlsx',
      status: 'running',
      rowsDone: 120,
      rowsTotal: 500,
      attempts: 1,
      userId: server.adminId,
    })
    .returning({ id: imports.id });
  return row!.id;
}

/**
 * Its job, at work for a minute in the queue's eyes; with no retries left (the default), a failure
 * is final. A retry waits an hour, so no worker of this test's servers takes the job up again (and
 * runs the import anew) while the test reads what the start left.
 */
async function activeJob(importId: number, retryLimit = 0): Promise<string> {
  const result = await server.database.db.execute(sql`
    insert into pgboss.job (name, data, state, started_on, retry_limit, retry_count, retry_delay)
    values ('import', ${JSON.stringify({ importId })}::jsonb, 'active', now() - interval '1 minute',
      ${retryLimit}, 0, 3600)
    returning id::text as id`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

async function jobState(id: string): Promise<string> {
  const result = await server.database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`);
  return (result as unknown as { rows: { state: string }[] }).rows[0]!.state;
}

/** Another start of the app on the same database, as after a restart; closed once `work` has run. */
async function restarted(work: () => Promise<void> = async () => {}): Promise<void> {
  const config = readConfig({ DATA_DIR: server.dataDir, CONSOLE_DIR: '', TRUST_PROXY: '1' });
  const again = await buildApp({ config, database: server.database });
  try {
    await work();
  } finally {
    await again.app.close();
  }
}

const progress = async (id: number) => {
  const res = await server.call('GET', `/api/imports/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; error: string | null; will_retry: boolean };
};

const CUT_OFF = 'The server running this import stopped before it finished.';

describe(`an import whose process died (${databaseKind})`, () => {
  it('shows failed after a start when the queue no longer holds its job', async () => {
    const id = await runningImport();
    expect(await progress(id)).toMatchObject({ status: 'running', error: null, will_retry: false });
    await restarted();
    // Nothing will move it on: the status call says why it stopped, and that it will not be tried again.
    expect(await progress(id)).toMatchObject({ status: 'failed', error: CUT_OFF, will_retry: false });
    const [row] = await server.database.db.select().from(imports).where(eq(imports.id, id));
    expect(row!.error).toBe('The server running this import stopped before it finished.');
  });

  it.runIf(databaseKind === 'postgres')(
    'shows failed at the next start, not when its job expires, and hands the job back',
    async () => {
      const id = await runningImport();
      const job = await activeJob(id);
      await restarted();
      expect(await progress(id)).toMatchObject({ status: 'failed', error: CUT_OFF, will_retry: false });
      expect(await jobState(job)).toBe('failed');
    },
  );

  it.runIf(databaseKind === 'postgres')(
    'with retries left, shows failed at the next start and that it will be tried again',
    async () => {
      const id = await runningImport();
      const job = await activeJob(id, 2);
      await restarted();
      expect(await progress(id)).toMatchObject({ status: 'failed', error: CUT_OFF, will_retry: true });
      expect(await jobState(job)).toBe('retry');
    },
  );

  it('a failed import whose job waits to be tried again says so, with why it stopped, in the list too', async () => {
    const id = await runningImport();
    await server.database.db
      .update(imports)
      .set({ status: 'failed', error: 'The sheet could not be read.' })
      .where(eq(imports.id, id));
    await server.database.db.execute(sql`
      insert into pgboss.job (name, data, state, retry_limit, retry_count, start_after)
      values ('import', ${JSON.stringify({ importId: id })}::jsonb, 'retry', 2, 1, now() + interval '1 hour')`);
    const expected = { status: 'failed', error: 'The sheet could not be read.', will_retry: true };
    expect(await progress(id)).toMatchObject(expected);
    const listed = await server.call('GET', '/api/imports?kind=page', { token });
    expect(listed.json().data.find((row: { id: number }) => row.id === id)).toMatchObject(expected);
  });

  it.runIf(databaseKind === 'postgres')('leaves an import a live process is running', async () => {
    const id = await runningImport();
    const job = await activeJob(id);
    // This process holds the run's lock, as the process running it does.
    await server.database.holding([7_304_010, id], () => restarted());
    expect(await progress(id)).toMatchObject({ status: 'running' });
    expect(await jobState(job)).toBe('active');
  });
});

describe(`an import that stops on something unforeseen (${databaseKind})`, () => {
  it('tells staff in plain words, never the internal detail', async () => {
    // Its upload is gone when the job runs (a process with another data folder queued it): reading
    // it fails with the file's path in the error.
    const gone = join(server.dataDir, 'imports', 'vanished-upload.xlsx');
    const [row] = await server.database.db
      .insert(imports)
      .values({
        kind: 'page',
        provider: 'pages',
        email: 'editor@example.com',
        file: gone,
        filename: 'models.xlsx',
        userId: server.adminId,
      })
      .returning({ id: imports.id });
    const id = row!.id;
    await server.jobs.enqueue('import', { importId: id });
    await expect.poll(async () => (await progress(id)).status, { timeout: 60_000 }).toBe('failed');
    const shown = await progress(id);
    expect(shown).toMatchObject({
      status: 'failed',
      error: 'Something went wrong on our side while running this import. The details are in the server log.',
    });
    for (const detail of [gone, server.dataDir, 'ENOENT', 'vanished-upload', 'at ']) {
      expect(shown.error).not.toContain(detail);
    }
    const listed = await server.call('GET', '/api/imports?kind=page', { token });
    expect(listed.json().data.find((item: { id: number }) => item.id === id).error).toBe(shown.error);
  });
});
