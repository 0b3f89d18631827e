import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Db } from '../../db/open';
import type { Storage } from '../storage';
import { type FileReferences, fileReferences } from './references';

/** An upload nothing refers to yet may belong to a form someone is still filling in. */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;

/** `/storage/<folder>/<name>` as an absolute path under the storage root, or null for anything else. */
function fileOf(storage: Storage, path: string): string | null {
  const match = /^\/storage\/([A-Za-z0-9_]+)\/([A-Za-z0-9_-][A-Za-z0-9_.-]*)$/.exec(path);
  if (!match || match[2]?.includes('..')) return null;
  const root = resolve(storage.root);
  const file = resolve(root, match[1]!, match[2]!);
  return file.startsWith(root + sep) ? file : null;
}

async function referencedPaths(db: Db, areas: FileReferences[]): Promise<Set<string>> {
  const lists = await Promise.all(areas.map((area) => area.paths(db)));
  return new Set(lists.flat());
}

/** Removes those of the paths that no row refers to any more (a path may be shared). */
async function removeUnreferenced(db: Db, storage: Storage, paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  const inUse = await referencedPaths(db, fileReferences);
  await Promise.all(
    [...new Set(paths)]
      .filter((path) => !inUse.has(path))
      .map((path) => fileOf(storage, path))
      .map((file) => (file ? rm(file, { force: true }) : undefined)),
  );
}

/**
 * Runs a delete and, when it deletes forever, removes the files those rows referred to once it
 * has committed. The paths are read first, since the rows are gone afterwards; a file is kept
 * while any other row still refers to it.
 */
export async function deletingFiles<T>(
  opts: { db: Db; storage: Storage; area: FileReferences; ids: number[]; forever: boolean },
  remove: () => Promise<T>,
): Promise<T> {
  if (!opts.forever) return remove();
  const paths = await opts.area.paths(opts.db, opts.ids);
  const result = await remove();
  await removeUnreferenced(opts.db, opts.storage, paths);
  return result;
}

/**
 * Removes uploads that no row refers to and that are older than the grace period (half-written
 * leftovers included). Only the folders some area keeps are looked at. Answers how many went.
 */
export async function sweepStorage(
  db: Db,
  storage: Storage,
  opts: { graceMs?: number; now?: number } = {},
): Promise<number> {
  const cutoff = (opts.now ?? Date.now()) - (opts.graceMs ?? SWEEP_GRACE_MS);
  const folders = [...new Set(fileReferences.flatMap((area) => area.folders))];
  // Listed before the references are read: a file saved and referenced in between is then
  // both listed and referenced, never listed and missed.
  const candidates: { path: string; file: string }[] = [];
  for (const folder of folders) {
    const dir = join(storage.root, folder);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const file = join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile() && info.mtimeMs < cutoff)
        candidates.push({ path: `/storage/${folder}/${name}`, file });
    }
  }
  if (candidates.length === 0) return 0;
  const inUse = await referencedPaths(db, fileReferences);
  const unused = candidates.filter((c) => !inUse.has(c.path));
  await Promise.all(unused.map((c) => rm(c.file, { force: true })));
  return unused.length;
}
