import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '@/app/routes';
import { routePaths } from '@/shared/paths';
import { findHandWrittenPaths } from './pathRules';

const sourceRoot = join(import.meta.dirname, '../../src');

/** A template's placeholder as source text: `${id}`. */
const placeholder = (expr: string) => ['$', '{', expr, '}'].join('');

const planted: string[] = [];
afterAll(() => {
  for (const root of planted) rmSync(root, { recursive: true, force: true });
});

/** A small source tree on disk, written for one test and removed after. */
function plantTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'path-rules-'));
  planted.push(root);
  for (const [path, source] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  return root;
}

describe('console links', () => {
  it('are all taken from the paths module: no module of src writes a console address by hand', () => {
    expect(findHandWrittenPaths(sourceRoot)).toEqual([]);
  });

  it('reports an address written by hand in a link, a navigation or a template', () => {
    const root = plantTree({
      'screens/brands/BrandsIndexScreen.tsx': [
        '<ButtonLink href="/brands/add" variant="primary">Add brand</ButtonLink>',
        `editHref={(brand) => \`/brands/edit/${placeholder('brand.id')}\`}`,
      ].join('\n'),
      'screens/users/UserAddScreen.tsx': "navigate('/users');\n",
      'screens/errors/NotFoundScreen.tsx': '<ButtonLink href="/">Go Home</ButtonLink>\n',
      'ui/lists/Empty.tsx': "const action = { label: 'View all', href: '/reservations?page=2' };\n",
      'blocks/builder/Back.tsx': `const back = \`/pages/children/${placeholder('id')}\`;\n`,
      'app/layouts/TopBar.tsx': '<Redirect to="/" replace />\n',
    });
    expect(findHandWrittenPaths(root)).toEqual(
      expect.arrayContaining([
        { file: 'screens/brands/BrandsIndexScreen.tsx', text: '"/brands/add"' },
        { file: 'screens/brands/BrandsIndexScreen.tsx', text: `\`/brands/edit/${placeholder('brand.id')}\`` },
        { file: 'screens/users/UserAddScreen.tsx', text: "'/users'" },
        { file: 'screens/errors/NotFoundScreen.tsx', text: 'href="/"' },
        { file: 'ui/lists/Empty.tsx', text: "'/reservations?page=2'" },
        { file: 'blocks/builder/Back.tsx', text: `\`/pages/children/${placeholder('id')}\`` },
        { file: 'app/layouts/TopBar.tsx', text: 'to="/"' },
      ]),
    );
    expect(findHandWrittenPaths(root)).toHaveLength(7);
  });

  it('leaves alone comments, tests, the paths module, the website’s paths and addresses of other things', () => {
    const root = plantTree({
      'ui/ButtonLink.tsx': "/** A route in the console ('/users/add'). */\n// see '/pages/edit/3'\n",
      'screens/brands/Brands.test.tsx': "expect(link.getAttribute('href')).toBe('/brands/edit/3');\n",
      'shared/paths.ts': "export const routePaths = { 'brands.index': '/brands' };\n",
      'site/SiteLayout.tsx': "const home = pageHref(context, '/');\nconst offers = '/pages/offers';\n",
      'shared/catalogue.ts': "const CONFIGURABLES = { '/': [] };\nconst api = '/api/brands';\n",
      'screens/brands/Form.tsx': "const slug = '/brandsome';\nconst link = pathTo('brands.edit', { id });\n",
    });
    expect(findHandWrittenPaths(root)).toEqual([]);
  });
});

describe('the route table', () => {
  it('serves each route at the address the paths module gives its name, and every address of the paths module', () => {
    expect(
      routes.filter((route) => route.path !== routePaths[route.name]).map((route) => route.name),
    ).toEqual([]);
    expect(new Set(routes.map((route) => route.name))).toEqual(new Set(Object.keys(routePaths)));
    expect(new Set(routes.map((route) => route.name)).size).toBe(routes.length);
  });
});
