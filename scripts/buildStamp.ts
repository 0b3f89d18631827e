import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** What the console's build reads: a change to any of these makes `npm start` build again. */
const INPUTS = [
  'src',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/bootChunk.ts',
  'scripts/callTable.ts',
  'scripts/precompress.ts',
];

/** Where the fingerprint of the sources a build was made from is kept, beside the build. */
export const STAMP_FILE = '.build-fingerprint';

async function filesUnder(root: string, path: string): Promise<string[]> {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  const entries = await readdir(full, { withFileTypes: true, recursive: true }).catch(() => null);
  if (entries === null) return [path];
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/**
 * A hash of every input of the build (path and content) and of the `VITE_*` settings, which the
 * build bakes into the console. Test files are inputs too: hashing them costs less than deciding
 * which are not.
 */
export async function sourceFingerprint(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const files = (await Promise.all(INPUTS.map((input) => filesUnder(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
    hash.update('\0');
  }
  for (const name of Object.keys(env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()) {
    hash.update(`${name}=${env[name]}\0`);
  }
  return hash.digest('hex');
}

/** Whether `outDir` holds a build of exactly these sources (answers false when there is no build). */
export async function buildIsCurrent(outDir: string, fingerprint: string): Promise<boolean> {
  if (!existsSync(join(outDir, 'index.html'))) return false;
  const stamp = await readFile(join(outDir, STAMP_FILE), 'utf8').catch(() => null);
  return stamp?.trim() === fingerprint;
}

export async function writeStamp(outDir: string, fingerprint: string): Promise<void> {
  await writeFile(join(outDir, STAMP_FILE), `${fingerprint}\n`);
}

/**
 * Stamps every finished build with the fingerprint of its sources, however it was started (`npm
 * start`, `npm run build`, the test run's build), so the next `npm start` knows it is current.
 */
export function writeBuildStamp(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  // A failed build still closes its bundle: stamping then would call the previous build current
  // (or, with no build yet, fail on the missing folder and hide the build's own error).
  let written = false;
  return {
    name: 'build-stamp',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    buildStart() {
      written = false;
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      if (written) await writeStamp(outDir, await sourceFingerprint(root));
    },
  };
}
