import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The one-way import rules of the console: the shared layers know nothing of the screens or of the
 * app shell, and one screen area never reaches into another (they share through the shared layers).
 */
const SHARED_LAYERS = ['ui', 'api', 'machines', 'blocks'];
const SCREEN_SIDE = ['screens', 'app'];

export interface ImportViolation {
  /** The importing file, relative to the source root, with forward slashes. */
  file: string;
  /** The module as written in the file. */
  specifier: string;
  rule: string;
}

const SOURCE_FILE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(entry.name) ? [path] : [];
  });
}

/** Comments out of the way, so an import written in a comment does not count. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const IMPORT_PATTERNS = [
  // import x from '…', import type { X } from '…', export { x } from '…', export * from '…'
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
  // import '…' (a style sheet, a side effect)
  /\bimport\s*(['"])([^'"]+)\1/g,
  // import('…'), the lazy screens of the route table
  /\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g,
];

/** Every module a TypeScript source names in an import or re-export, static or lazy. */
export function importSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) for (const match of code.matchAll(pattern)) found.add(match[2]!);
  return [...found];
}

/** The path under the source root that a specifier points at, or null for a package. */
function targetPath(root: string, file: string, specifier: string): string[] | null {
  let absolute: string;
  if (specifier.startsWith('@/')) absolute = join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) absolute = resolve(dirname(file), specifier);
  else return null;
  const inside = relative(root, absolute);
  if (inside.startsWith('..')) return null;
  return inside.split(sep);
}

function ruleBroken(from: string[], to: string[]): string | null {
  const [fromLayer, fromArea] = from;
  const [toLayer, toArea] = to;
  if (fromLayer && toLayer && SHARED_LAYERS.includes(fromLayer) && SCREEN_SIDE.includes(toLayer))
    return `${fromLayer}/ must not import from ${toLayer}/`;
  if (fromLayer === 'screens' && toLayer === 'screens' && fromArea && toArea && fromArea !== toArea)
    return `screens/${fromArea} must not import from screens/${toArea}`;
  return null;
}

/** Every import under `root` (a src directory) that breaks the rules. */
export function findImportViolations(root: string): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of sourceFiles(root)) {
    const from = relative(root, file).split(sep);
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const to = targetPath(root, file, specifier);
      const rule = to ? ruleBroken(from, to) : null;
      if (rule) violations.push({ file: from.join('/'), specifier, rule });
    }
  }
  return violations;
}
