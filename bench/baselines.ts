/**
 * What the users list is measured against (bench/postgres.ts): pgbench running its statements, and
 * bench/bareRoute.ts serving them over node:http in a process of its own.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cpuMsOf, startListening, stopProcess } from './server';

const run = promisify(execFile);

/** Transactions a second pgbench runs `statements` at, prepared, with `clients` clients. */
export async function pgbench(
  url: string,
  statements: string[],
  clients: number,
  seconds: number,
): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'console-pgbench-'));
  try {
    const script = join(dir, 'list.sql');
    await writeFile(script, `${statements.map((sql) => `${sql};`).join('\n')}\n`);
    const { stdout } = await run(
      'pgbench',
      ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no rate:\n${stdout}`);
    return Number(tps);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * bench/bareRoute.ts in its own process, serving `statements` at its root, each row as an array of
 * its values or, `named`, as an object of its columns (about the bytes the API answers).
 */
export async function startBareRoute(databaseUrl: string, statements: string[], rows: 'arrays' | 'named') {
  const dir = await mkdtemp(join(tmpdir(), 'console-bare-'));
  const file = join(dir, 'statements.json');
  await writeFile(file, JSON.stringify(statements));
  const { child, line } = await startListening(['bench/bareRoute.ts', databaseUrl, file, rows], process.env);
  return {
    url: `http://127.0.0.1:${line.replace(/\D/g, '')}/`,
    cpuMs: () => cpuMsOf(child),
    async stop() {
      await stopProcess(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
