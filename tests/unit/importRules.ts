import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The one-way import rules of the console: the shared layers know nothing of the screens or of the
 * app shell, and one screen area never reaches into another (they share through the shared layers).
 * The rules that the console and the server both run (`shared/`) know nothing of the console: only
 * the contract and libraries that need neither a DOM nor React. The website's renderer (`site/`),
 * rendered by the server and by the console's preview pane, takes only those rules, the contract and
 * React. The server takes from `src/` only the rules, the contract and the website's renderer.
 */
const SHARED_LAYERS = ['ui', 'api', 'machines', 'blocks'];
const SCREEN_SIDE = ['screens', 'app'];
const CONSOLE_SIDE = ['ui', 'blocks', 'screens', 'app', 'machines'];
/** Libraries that need a browser, React or Node.js: code in `shared/` runs in both hosts. */
const HOST_BOUND_PACKAGE =
  /^(?:node:|react(?:-dom|-aria|-aria-components|-stately)?(?:\/|$)|@react-(?:aria|stately)\/|@xstate\/react|@tiptap\/|@dnd-kit\/|@visx\/|@conform-to\/react|@statelyai\/inspect|dompurify|turndown|wouter|exceljs|fastify|drizzle-orm|pg(?:\/|$)|@electric-sql\/)/;

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
export function withoutComments(source: string): string {
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

/** What the website's renderer may take from the source: the shared rules and the contract. */
const siteMayImport = (to: string[]) => {
  const [layer, area] = to;
  return layer === 'site' || layer === 'shared' || (layer === 'api' && area === 'contract');
};

function ruleBroken(from: string[], to: string[]): string | null {
  const [fromLayer, fromArea] = from;
  const [toLayer, toArea] = to;
  if (fromLayer === 'site' && !siteMayImport(to))
    return `site/ must import only shared/, api/contract/ and its own files, not ${to.slice(0, 2).join('/')}`;
  if (fromLayer === 'shared' && toLayer === 'site') return 'shared/ must not import from site/';
  if (fromLayer === 'shared' && toLayer && CONSOLE_SIDE.includes(toLayer))
    return `shared/ must not import from ${toLayer}/`;
  if (fromLayer === 'shared' && toLayer === 'api' && toArea !== 'contract')
    return 'shared/ must not import from api/ but api/contract/';
  if (fromLayer && toLayer && SHARED_LAYERS.includes(fromLayer) && SCREEN_SIDE.includes(toLayer))
    return `${fromLayer}/ must not import from ${toLayer}/`;
  if (fromLayer === 'screens' && toLayer === 'screens' && fromArea && toArea && fromArea !== toArea)
    return `screens/${fromArea} must not import from screens/${toArea}`;
  return null;
}

/** React itself, which the website's renderer runs on in both hosts (not react-dom or widget libraries). */
const REACT = /^react(?:\/|$)/;

/** A package that a file in `shared/` or `site/` may not use, or null. */
function packageRuleBroken(from: string[], specifier: string): string | null {
  const layer = from[0];
  if ((layer !== 'shared' && layer !== 'site') || specifier.startsWith('.') || specifier.startsWith('@/'))
    return null;
  if (layer === 'site' && REACT.test(specifier)) return null;
  return HOST_BOUND_PACKAGE.test(specifier) ? `${layer}/ must not import ${specifier}` : null;
}

/** Every import under `root` (a src directory) that breaks the rules. */
export function findImportViolations(root: string): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const file of sourceFiles(root)) {
    const from = relative(root, file).split(sep);
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const to = targetPath(root, file, specifier);
      const rule = to ? ruleBroken(from, to) : packageRuleBroken(from, specifier);
      if (rule) violations.push({ file: from.join('/'), specifier, rule });
    }
  }
  return violations;
}

/** What the server may take from the console's source: the shared rules, the contract and the website's renderer. */
function serverMayImport(to: string[]): boolean {
  const [layer, area] = to;
  return layer === 'shared' || layer === 'site' || (layer === 'api' && area === 'contract');
}

/**
 * Every import under `serverRoot` that reaches into `sourceRoot` (the src directory, as `@/…` or as
 * a relative path) for anything but `shared/`, `api/contract/` and `site/`. Paths are relative to the parent
 * of `serverRoot` ('server/domain/blocks.ts').
 */
export function findServerImportViolations(serverRoot: string, sourceRoot: string): ImportViolation[] {
  const violations: ImportViolation[] = [];
  const repoRoot = dirname(serverRoot);
  for (const file of sourceFiles(serverRoot)) {
    for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
      const to = targetPath(sourceRoot, file, specifier);
      if (!to || serverMayImport(to)) continue;
      violations.push({
        file: relative(repoRoot, file).split(sep).join('/'),
        specifier,
        rule: 'server/ must import from src/ only shared/, api/contract/ and site/',
      });
    }
  }
  return violations;
}
