import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '../..');

/** Every TypeScript module under `dir`, relative to the repository. */
function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return /\.tsx?$/.test(entry.name) ? [relative(repoRoot, path)] : [];
  });
}

/** camelCase or PascalCase words, then `.test`, `.property.test`, `.d` or nothing, then the extension. */
const CAMEL_CASE = /^[A-Za-z][A-Za-z0-9]*(\.[a-z]+)*\.tsx?$/;

describe('file names', () => {
  it('names every module of the console, the server, the scripts and the benchmarks in camelCase', () => {
    const named = ['src', 'server', 'scripts', 'bench'].flatMap((dir) => modules(join(repoRoot, dir)));
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((path) => !CAMEL_CASE.test(path.split(/[\\/]/).pop() ?? ''))).toEqual([]);
  });
});
