import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { RenditionStore } from './render';

/** Renditions and originals as files under the storage directory, a key being a relative path. */
export function localRenditionStore(root: string): RenditionStore {
  const base = resolve(root);
  const fileOf = (key: string) => {
    const file = resolve(base, key);
    if (!file.startsWith(`${base}${sep}`)) throw new Error(`Not a storage key: ${key}`);
    return file;
  };
  return {
    async get(key) {
      return readFile(fileOf(key)).catch(() => null);
    },
    async exists(key) {
      return (await stat(fileOf(key)).catch(() => null))?.isFile() ?? false;
    },
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const temp = join(dirname(file), `.${randomBytes(8).toString('hex')}.part`);
      await writeFile(temp, bytes);
      await rename(temp, file);
    },
  };
}
