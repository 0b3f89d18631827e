import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { routePaths } from '@/shared/paths';
import { withoutComments } from './importRules';

export interface HandWrittenPath {
  /** The file, relative to the source root, with forward slashes. */
  file: string;
  /** The literal as written ('/brands/add', `/users/edit/${id}`). */
  text: string;
}

/**
 * Modules that may write console addresses: the paths module itself, the website's renderer,
 * whose paths are the website's, not the console's, and the renditions module, whose `/media/r/`
 * addresses are image files the server sends, not a screen of the console.
 */
const EXEMPT = [/^shared\/paths\.ts$/, /^shared\/renditions\.ts$/, /^site\//, /\.test\.tsx?$/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The first part of every console address but the sign-in page's ('dashboard', 'pages'...). */
const sections = [
  ...new Set(
    Object.values(routePaths)
      .map((path) => path.split('/')[1])
      .filter(Boolean),
  ),
];

/** A string or template that starts with a console address: '/pages', "/pages/add", `/pages/edit/${id}`. */
const CONSOLE_PATH = new RegExp(`(['"\`])/(?:${sections.join('|')})(?=[/?#'"\`]|\\$\\{)[^'"\`\\n]*\\1?`, 'g');
/** The sign-in page, '/', where it is a link: `href="/"`, `to="/"`, `href: '/'`, `navigate('/')`. */
const HOME_LINK = /(?:\b(?:href|to|[a-z]+Href)\s*[=:]\s*\{?\s*|\bnavigate\(\s*)(['"`])\/\1/g;

/** Every console address written by hand under `root` (a src directory) rather than taken from `pathTo`. */
export function findHandWrittenPaths(root: string): HandWrittenPath[] {
  const found: HandWrittenPath[] = [];
  for (const path of sourceFiles(root)) {
    const file = relative(root, path).split(sep).join('/');
    if (EXEMPT.some((pattern) => pattern.test(file))) continue;
    const code = withoutComments(readFileSync(path, 'utf8'));
    for (const pattern of [CONSOLE_PATH, HOME_LINK])
      for (const match of code.matchAll(pattern)) found.push({ file, text: match[0].trim() });
  }
  return found;
}
