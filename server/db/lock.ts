import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * Who holds the lock. A process id alone is not enough: after a crash, a new container (or a
 * long-running host) gives the same id to another live process. The id together with that
 * process's start time and the kernel's boot id names one process that can never come back.
 */
interface Holder {
  pid: number;
  /** Start time in clock ticks since boot (/proc/<pid>/stat field 22); null where /proc is missing. */
  start: string | null;
  boot: string | null;
}

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function startTimeOf(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // The command name (field 2) is in parentheses and may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields after the name start at field 3, so field 22 is index 19.
  return fields[19] ?? null;
}

const bootId = (): string | null => readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (!Number.isInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return { pid: value.pid as number, start: value.start ?? null, boot: value.boot ?? null };
  } catch {
    // An older lock holds only the process id.
    const pid = Number(text.trim());
    return Number.isInteger(pid) && pid > 0 ? { pid, start: null, boot: null } : null;
  }
}

/** True only while the very process that wrote the lock still runs. */
function holderRuns(holder: Holder): boolean {
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  if (!isAlive(holder.pid)) return false;
  if (holder.start) {
    const start = startTimeOf(holder.pid);
    if (start && start !== holder.start) return false;
  }
  return true;
}

function currentHolder(): Holder {
  return { pid: process.pid, start: startTimeOf(process.pid), boot: bootId() };
}

/**
 * Takes the data directory for this process alone: PGlite corrupts a directory that two
 * processes open. A lock whose process has ended (killed, crashed, or from an earlier boot or
 * container) is taken over; a lock held by a running process is refused.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'console.lock');
  const mine = JSON.stringify(currentHolder());
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      takeWhole(file, mine);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readProc(file) === mine) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = readProc(file);
      if (text === null) continue;
      const holder = parseHolder(text);
      if (holder && holderRuns(holder)) {
        throw new Error(
          `The data directory ${dir} is in use by process ${holder.pid}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      takeOverStale(file, text);
    }
  }
  throw new Error(`Could not lock the data directory ${dir}.`);
}

/**
 * Creates the lock with its whole text in one step: written to a file of this process's own, then
 * linked in place (which fails if a lock is there). Created empty and then written, a lock could be
 * read empty by a process starting at the same moment, judged stale, and moved aside: both
 * processes then held the directory.
 */
function takeWhole(file: string, text: string): void {
  const own = `${file}.${process.pid}.new`;
  const fd = openSync(own, 'w');
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(own, file);
  } finally {
    rmSync(own, { force: true });
  }
}

/**
 * Moves a stale lock aside. Renaming is atomic, so of two processes that both judged it stale
 * only one moves it; if the one moved turns out to be a fresh lock another process just took,
 * it is put back.
 */
function takeOverStale(file: string, staleText: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readProc(aside) !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone locked again meanwhile; their lock stands and the next attempt reads it.
    }
  }
  rmSync(aside, { force: true });
}
