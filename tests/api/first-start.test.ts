import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@server/db/scratch';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process';

describe('the first start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-first-start-'));
  let server: ServerProcess | undefined;
  let scratch: ScratchDatabase | undefined;

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the first admin's generated password in a box once the server listens, and it signs in", async () => {
    const url = process.env.DATABASE_URL;
    scratch = url ? await createScratchDatabase(url, 'console_first') : undefined;
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
