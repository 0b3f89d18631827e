import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const projectRoot = join(import.meta.dirname, '../..');
const SOURCE_FOLDERS = ['src', 'server', 'scripts', 'bench'];

const COMMENT = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const RE_EXPORT = /export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+['"][^'"]+['"]\s*;?/g;
const IMPORT = /import\s+(?:type\s+)?[^'";]*?\s+from\s+['"][^'"]+['"]\s*;?/g;
const LOCAL_EXPORT = /export\s+(?:type\s+)?\{[^}]*\}\s*;?/g;

/**
 * Whether a module only passes on what other modules define (`export * from`, `export { a } from`,
 * or importing names to export them again). Such a module hides where a thing lives, makes every
 * importer load all of its neighbours and closes import circles.
 */
function isBarrel(source: string): boolean {
  const code = source.replace(COMMENT, '');
  const reExports = code.match(RE_EXPORT)?.length ?? 0;
  const rest = code.replace(RE_EXPORT, '').replace(IMPORT, '');
  const localExports = rest.match(LOCAL_EXPORT)?.length ?? 0;
  return reExports + localExports > 0 && rest.replace(LOCAL_EXPORT, '').trim() === '';
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('modules', () => {
  it('each define something: none only passes on what others define', () => {
    const barrels = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(projectRoot, folder)))
      .filter((file) => !file.includes('/node_modules/'))
      .filter((file) => isBarrel(readFileSync(file, 'utf8')))
      .map((file) => relative(projectRoot, file));
    expect(barrels).toEqual([]);
  });

  it('tells a barrel from a module that defines things', () => {
    expect(
      isBarrel("/** Every table. */\nexport * from './schema/brands';\nexport * from './schema/pages';\n"),
    ).toBe(true);
    expect(
      isBarrel(
        "// The renderer.\nexport {\n  Markdown,\n  type Props,\n} from './Markdown';\nexport type { A } from './a';\n",
      ),
    ).toBe(true);
    expect(isBarrel("import { a } from './a';\nimport type { B } from './b';\nexport { a, type B };\n")).toBe(
      true,
    );
    expect(isBarrel("export { HISTORY_LIMIT } from './history';\nexport const machine = 1;\n")).toBe(false);
    expect(isBarrel("import { a } from './a';\nexport const b = a + 1;\n")).toBe(false);
    expect(isBarrel('// nothing here yet\n')).toBe(false);
  });
});
