import { exports } from '@server/db/schema/jobs';
import { seedVehicles } from '@server/db/seed/vehicles';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './harness';
import { callProcess, followJob, processFixture, signInTo } from './process-calls';
import type { ServerProcess } from './server-process';

const VEHICLES = 5_000;

const { servers, openData, smtp } = processFixture('restart', (db) => seedVehicles(db, VEHICLES));

interface Progress {
  status: string;
  rows_done: number;
  mailed: boolean;
}

const follow = (server: ServerProcess, token: string, id: number, done: (p: Progress) => boolean) =>
  followJob<Progress>(server, token, `exports/${id}`, done);

describe(`an export when the server is killed (${databaseKind})`, () => {
  it('finishes after a restart and mails the file exactly once', async () => {
    const first = await servers.start();
    let token = await signInTo(first);
    const queued = await callProcess(first, 'vehicles/export', {
      token,
      body: { name: 'vehicles', email: 'stock@example.com' },
    });
    expect(queued.status).toBe(200);
    const id = queued.json.export_id as number;

    const midway = await follow(first, token, id, (p) => p.rows_done > 0);
    await servers.kill(first);
    expect(midway.status).toBe('running');
    expect(midway.rows_done).toBeLessThan(VEHICLES);
    expect(smtp.received).toHaveLength(0);

    const second = await servers.start();
    try {
      token = await signInTo(second);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual(['stock@example.com']);
      const finished = await follow(second, token, id, (p) => p.status === 'done');
      expect(finished, JSON.stringify(finished)).toMatchObject({ rows_done: VEHICLES, mailed: true });
    } finally {
      await servers.stop(second);
    }

    // Nothing is left to run again: the queue holds the job as completed, after two attempts.
    const database = await openData();
    try {
      const jobs = await database.query(`SELECT state FROM pgboss.job WHERE name = 'export'`);
      expect(jobs.rows.map((row) => row.state)).toEqual(['completed']);
      const [record] = await database.db.select().from(exports).where(eq(exports.id, id));
      expect(record).toMatchObject({ status: 'done', attempts: 2 });
    } finally {
      await database.close();
    }
    expect(smtp.received).toHaveLength(1);
  }, 240_000);
});
