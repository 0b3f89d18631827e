import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openDatabase } from '@server/db/open';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKind, pgliteSnapshot } from './harness';

const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-lock-'));
  dirs.push(dir);
  return dir;
}

/** Starts a process that locks `dir` and answers with its first line ('locked' or 'refused: ...'). */
async function holder(dir: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'fixtures/hold-lock.ts'), dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.close();
  return { child, line };
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

/**
 * Opens the data directory the way the server does at start, and closes it again. The database
 * starts from the run's migrated one, as a process test's folder does: the lock is taken before
 * it opens, and creating one from nothing took seconds of CPU per start.
 */
async function start(dir: string): Promise<void> {
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: dir,
    durable: false,
    pgliteSnapshot: pgliteSnapshot(),
  });
  await database.close();
}

// The lock guards the embedded database's folder; a server on PostgreSQL takes none, so the file
// runs once, in the PGlite run.
describe.skipIf(databaseKind === 'postgres')('The data directory lock', { timeout: 120_000 }, () => {
  it('lets the next start open a directory whose holder was killed with kill -9', async () => {
    const dir = dataDir();
    const first = await holder(dir);
    expect(first.line).toBe('locked');
    await killHard(first.child);
    await expect(start(dir)).resolves.toBeUndefined();
  });

  it('lets the next start open it when the dead holder’s process id now belongs to another live process', async () => {
    const dir = dataDir();
    const first = await holder(dir);
    expect(first.line).toBe('locked');
    const deadPid = first.child.pid!;
    await killHard(first.child);
    // A new container numbers its processes from 1 again: the id in the lock now names a
    // process that runs, but is not the one that wrote it.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(other);
    await once(other, 'spawn');
    const file = join(dir, 'console.lock');
    writeFileSync(file, readFileSync(file, 'utf8').replace(String(deadPid), String(other.pid)));
    await expect(start(dir)).resolves.toBeUndefined();
  });

  it('lets the next start open it when the lock was taken before the machine restarted', async () => {
    const dir = dataDir();
    const first = await holder(dir);
    expect(first.line).toBe('locked');
    await killHard(first.child);
    const file = join(dir, 'console.lock');
    const lock = JSON.parse(readFileSync(file, 'utf8')) as { boot: string | null };
    // Before a restart the id may name anything, even this very process.
    writeFileSync(file, JSON.stringify({ ...lock, pid: process.pid, boot: 'an-earlier-boot' }));
    await expect(start(dir)).resolves.toBeUndefined();
  });

  it('refuses a second process while the first one runs, naming the first', async () => {
    const dir = dataDir();
    const first = await holder(dir);
    expect(first.line).toBe('locked');
    const second = await holder(dir);
    expect(second.line).toBe(
      `refused: The data directory ${dir} is in use by process ${first.child.pid}. Stop it first, or set DATA_DIR to another directory.`,
    );
    await expect(start(dir)).rejects.toThrow(`in use by process ${first.child.pid}`);
  });

  it('gives the directory to exactly one of several processes starting at once over a stale lock', async () => {
    const dir = dataDir();
    const first = await holder(dir);
    await killHard(first.child);
    const racers = await Promise.all([holder(dir), holder(dir), holder(dir), holder(dir)]);
    expect(racers.filter((r) => r.line === 'locked')).toHaveLength(1);
  });
});
