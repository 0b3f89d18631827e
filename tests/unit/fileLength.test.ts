import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = join(import.meta.dirname, '../..');
/** Where the product's own code lives; tests (tests/ and *.test.* beside the code) and the generated migrations are not held to it. */
const SOURCE_FOLDERS = ['src', 'server', 'scripts', 'bench'];
const MAX_LINES = 400;

/** Lines in a file, counting a last line without its newline. */
const lineCount = (text: string) =>
  text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|css)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes('/migrations/') && !file.includes('/node_modules/'))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/** A file past this many lines does more than one thing: it splits by what its parts are for. */
describe('source files', () => {
  it(`are at most ${MAX_LINES} lines each`, () => {
    const long = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(projectRoot, folder)))
      .map((file) => ({ file: relative(projectRoot, file), lines: lineCount(readFileSync(file, 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => a.file.localeCompare(b.file));
    expect(long).toEqual([]);
  });

  it('count their lines as an editor shows them', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('')).toBe(0);
  });
});
