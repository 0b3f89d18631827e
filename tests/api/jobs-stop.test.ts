import { startJobs } from '@server/domain/jobs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind } from './harness';

const unhandled: unknown[] = [];
const note = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', note);
afterEach(() => {
  process.off('unhandledRejection', note);
});

describe(`stopping the job queue (${databaseKind})`, () => {
  it('drops the finish of a handler that outlasts the stop instead of writing to the closed database', async () => {
    const server = await createTestServer();
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const jobs = await startJobs({
      database: server.database,
      // A handler that ignores the stop signal, as a long image conversion cannot stop midway.
      handlers: {
        'stop-probe': async () => {
          started();
          await released;
          finished();
        },
      },
      pollingIntervalSeconds: 0.5,
      stopWaitMs: 100,
    });
    await jobs.enqueue('stop-probe', {});
    await running;
    await jobs.stop();
    await server.close();

    release();
    await done;
    // pg-boss marks the job done right after the handler returns, without awaiting it.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
  });
});
