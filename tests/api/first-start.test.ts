import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@server/db/scratch';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process';

describe('the first start', () => {
  // A data directory per try: a try that ran out of time can leave its server starting up there,
  // holding the directory, and the try after it must be a first start too.
  const dataDirs: string[] = [];
  let server: ServerProcess | undefined;
  const scratches: ScratchDatabase[] = [];

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    for (const scratch of scratches) await scratch.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("prints the first admin's generated password in a box once the server listens, and it signs in", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-first-start-'));
    dataDirs.push(dataDir);
    const url = process.env.DATABASE_URL;
    const scratch = url ? await createScratchDatabase(url, 'console_first') : undefined;
    if (scratch) scratches.push(scratch);
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SEED: '0',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: '',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
    // The box is written right after the line that says the server listens; wait for its last line.
    const box = await new Promise<string>((resolve) => {
      const check = () => {
        const text = server!.output();
        if (/└─+┘/.test(text)) resolve(text);
      };
      check();
      server!.child.stdout!.on('data', check);
    });
    const listening = box.indexOf('Listening on');
    const top = box.search(/┌─+┐/);
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(top).toBeGreaterThan(listening);
    const email = /│ E-mail:\s+(\S+)\s+│/.exec(box)?.[1];
    const password = /│ Password:\s+(\S+)\s+│/.exec(box)?.[1];
    expect(email).toBe('admin@example.com');
    expect(password).toBeTruthy();

    const res = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
  }, 120_000);
});
