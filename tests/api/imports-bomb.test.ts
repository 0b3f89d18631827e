import { MAX_UNPACKED_BYTES, readSheet, SheetError } from '@server/domain/imports/sheet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, databaseKind, type TestServer } from './harness';
import { multipartBody } from './uploads';
import { paddedWorkbook } from './workbooks';

// A file of its own: the process's memory is measured, with no other test's job running beside it.
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function upload(bytes: Buffer) {
  const { payload, headers } = multipartBody([
    { name: 'email', value: 'editor@example.com' },
    { name: 'provider', value: 'pages' },
    { name: 'import', filename: 'bomb.xlsx', bytes },
  ]);
  return server.call('POST', '/api/builder/imports/run', { token, body: payload, headers });
}

const MB = 1024 * 1024;

describe(`POST /api/builder/imports/run and a zip bomb (${databaseKind})`, () => {
  // About 1.2 MB that unpack to 1.2 GB, while the zip's directory says 16 kB.
  const bomb = paddedWorkbook(1200);

  it('reads the same kind of workbook when it is small (so what refuses the bomb is its size)', async () => {
    const res = await upload(paddedWorkbook(2));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.import).toEqual([
      'The sheet has no Brand, Meta description columns: the first row must name the columns (download the sample).',
    ]);
  });

  it('stops inflating at the cap, whatever the directory claims', async () => {
    expect(bomb.length).toBeLessThan(1.5 * MB);
    const refusal = await readSheet(bomb, 1000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SheetError);
    const { message, inflated } = refusal as SheetError;
    expect(message).toBe('The workbook is too large once unpacked: split it into smaller files.');
    // The count passes the cap by at most one chunk of zlib's output, then stops.
    expect(inflated).toBeGreaterThan(MAX_UNPACKED_BYTES);
    expect(inflated).toBeLessThanOrEqual(MAX_UNPACKED_BYTES + 64 * 1024);
  });

  it('answers 422 under import, with memory rising by less than 150 MB', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    let res: Awaited<ReturnType<typeof upload>>;
    try {
      res = await upload(bomb);
    } finally {
      clearInterval(sample);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({
      import: ['The workbook is too large once unpacked: split it into smaller files.'],
    });
    expect((peak - before) / MB).toBeLessThan(150);
    // A loose bound only (two shared cores): unpacking all of it took 10 s and more.
    expect(seconds).toBeLessThan(5);
  });
});
