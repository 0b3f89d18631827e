import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportViolations, findServerImportViolations, importSpecifiers } from './importRules';

const sourceRoot = join(import.meta.dirname, '../../src');
const serverRoot = join(import.meta.dirname, '../../server');

/** A small source tree on disk, written for one test and removed after. */
function plantTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  planted.push(root);
  for (const [path, source] of Object.entries(files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, source);
  }
  return root;
}
const planted: string[] = [];
afterAll(() => {
  for (const root of planted) rmSync(root, { recursive: true, force: true });
});

describe('import rules', () => {
  it('finds no import against the rules in src', () => {
    expect(findImportViolations(sourceRoot)).toEqual([]);
  });

  it('finds no import in server that takes from src anything but the shared rules and the contract', () => {
    expect(findServerImportViolations(serverRoot, sourceRoot)).toEqual([]);
  });

  it('reports the shared rules importing from the console or a library that needs a browser, React or Node.js', () => {
    const root = plantTree({
      'shared/slug.ts': "import { cx } from '@/ui/cx';\nexport const a = cx;\n",
      'shared/catalogue.ts': "import { Editor } from '../blocks/BlockEditor';\nexport const b = Editor;\n",
      'shared/answers.ts':
        "import { api } from '@/api/endpoints';\nimport { save } from '@/machines/save';\nexport { api, save };\n",
      'shared/format.ts': "import { useMemo } from 'react';\nexport const c = useMemo;\n",
      'shared/markdown.ts': "import DOMPurify from 'dompurify';\nimport { readFileSync } from 'node:fs';\n",
      'shared/schema.ts': "import { routes } from '../app/routes';\nimport Screen from '@/screens/x/X';\n",
      'ui/cx.ts': 'export const cx = 1;\n',
      'api/endpoints.ts': 'export const api = 1;\n',
    });
    const found = findImportViolations(root);
    expect(found).toEqual(
      expect.arrayContaining([
        { file: 'shared/slug.ts', specifier: '@/ui/cx', rule: 'shared/ must not import from ui/' },
        {
          file: 'shared/catalogue.ts',
          specifier: '../blocks/BlockEditor',
          rule: 'shared/ must not import from blocks/',
        },
        {
          file: 'shared/answers.ts',
          specifier: '@/api/endpoints',
          rule: 'shared/ must not import from api/ but api/contract/',
        },
        {
          file: 'shared/answers.ts',
          specifier: '@/machines/save',
          rule: 'shared/ must not import from machines/',
        },
        { file: 'shared/format.ts', specifier: 'react', rule: 'shared/ must not import react' },
        { file: 'shared/markdown.ts', specifier: 'dompurify', rule: 'shared/ must not import dompurify' },
        { file: 'shared/markdown.ts', specifier: 'node:fs', rule: 'shared/ must not import node:fs' },
        { file: 'shared/schema.ts', specifier: '../app/routes', rule: 'shared/ must not import from app/' },
        {
          file: 'shared/schema.ts',
          specifier: '@/screens/x/X',
          rule: 'shared/ must not import from screens/',
        },
      ]),
    );
    expect(found).toHaveLength(9);
  });

  it('lets the shared rules use each other, the contract and libraries that run anywhere', () => {
    const root = plantTree({
      'shared/answers.ts':
        "import { z } from 'zod';\nimport { pageItem } from '@/api/contract/blocks';\nimport { formatDate } from './format';\n",
      'shared/markdown.ts': "import { marked } from 'marked';\nexport const m = marked;\n",
      'shared/format.ts': 'export const formatDate = 1;\n',
      'ui/Date.tsx': "import { formatDate } from '@/shared/format';\nexport const d = formatDate;\n",
      'blocks/Editor.tsx': "import { CATALOGUE } from '@/shared/catalogue';\nexport const e = CATALOGUE;\n",
    });
    expect(findImportViolations(root)).toEqual([]);
  });

  it('reports the website renderer importing from the console or a host-bound library', () => {
    const root = plantTree({
      'site/SiteBlocks.tsx':
        "import { cx } from '@/ui/cx';\nimport { Page } from '../screens/pages/Page';\nimport { api } from '@/api/endpoints';\n",
      'site/SiteLayout.tsx':
        "import { Button } from 'react-aria-components';\nimport { renderToString } from 'react-dom/server';\nimport DOMPurify from 'dompurify';\nimport { readFileSync } from 'node:fs';\n",
      'shared/site.ts': "import { SiteBlocks } from '@/site/SiteBlocks';\n",
    });
    const found = findImportViolations(root);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          file: 'site/SiteBlocks.tsx',
          specifier: '@/ui/cx',
          rule: 'site/ must import only shared/, api/contract/ and its own files, not ui/cx',
        },
        {
          file: 'site/SiteBlocks.tsx',
          specifier: '../screens/pages/Page',
          rule: 'site/ must import only shared/, api/contract/ and its own files, not screens/pages',
        },
        {
          file: 'site/SiteBlocks.tsx',
          specifier: '@/api/endpoints',
          rule: 'site/ must import only shared/, api/contract/ and its own files, not api/endpoints',
        },
        {
          file: 'site/SiteLayout.tsx',
          specifier: 'react-aria-components',
          rule: 'site/ must not import react-aria-components',
        },
        {
          file: 'site/SiteLayout.tsx',
          specifier: 'react-dom/server',
          rule: 'site/ must not import react-dom/server',
        },
        { file: 'site/SiteLayout.tsx', specifier: 'dompurify', rule: 'site/ must not import dompurify' },
        { file: 'site/SiteLayout.tsx', specifier: 'node:fs', rule: 'site/ must not import node:fs' },
        {
          file: 'shared/site.ts',
          specifier: '@/site/SiteBlocks',
          rule: 'shared/ must not import from site/',
        },
      ]),
    );
    expect(found).toHaveLength(8);
  });

  it('lets the website renderer use React, the shared rules, the contract and its own files', () => {
    const root = plantTree({
      'site/SiteBlocks.tsx':
        "import type { ReactNode } from 'react';\nimport { jsx } from 'react/jsx-runtime';\nimport { renderSafeMarkdown } from '@/shared/markdown';\nimport type { SiteBlock } from '@/api/contract/site';\nimport { HeroBlock } from './blocks/HeroBlock';\n",
      'site/blocks/HeroBlock.tsx': "import { textOf } from '../context';\nimport { marked } from 'marked';\n",
    });
    expect(findImportViolations(root)).toEqual([]);
  });

  it('lets the server render the website with its renderer', () => {
    const root = plantTree({
      'server/plugins/site.ts':
        "import { SiteBlocks } from '@/site/SiteBlocks';\nimport { SiteLayout } from '../../src/site/SiteLayout';\n",
    });
    expect(findServerImportViolations(join(root, 'server'), join(root, 'src'))).toEqual([]);
  });

  it('reports the server importing from src anything but the shared rules and the contract', () => {
    const root = plantTree({
      'server/domain/slugs.ts': "import { slugify } from '@/shared/slug';\nimport { z } from 'zod';\n",
      'server/domain/blocks.ts':
        "import { CATALOGUE } from '@/shared/catalogue';\nimport { pageItem } from '@/api/contract/blocks';\nimport { invalid } from '../http/errors';\n",
      'server/routes/builder.ts':
        "import { cx } from '@/ui/cx';\nimport { Editor } from '../../src/blocks/BlockEditor';\nimport { call } from '@server/http/route';\n",
      'server/db/seed/forms.ts':
        "import { api } from '@/api/endpoints';\nconst lazy = () => import('../../../src/machines/save');\nexport { api, lazy };\n",
      'server/http/route.ts':
        "import { slugify } from '../../src/shared/slug';\nexport const call = slugify;\n",
      'src/shared/slug.ts': 'export const slugify = 1;\n',
    });
    const rule = 'server/ must import from src/ only shared/, api/contract/ and site/';
    expect(findServerImportViolations(join(root, 'server'), join(root, 'src'))).toEqual(
      expect.arrayContaining([
        { file: 'server/routes/builder.ts', specifier: '@/ui/cx', rule },
        { file: 'server/routes/builder.ts', specifier: '../../src/blocks/BlockEditor', rule },
        { file: 'server/db/seed/forms.ts', specifier: '@/api/endpoints', rule },
        { file: 'server/db/seed/forms.ts', specifier: '../../../src/machines/save', rule },
      ]),
    );
    expect(findServerImportViolations(join(root, 'server'), join(root, 'src'))).toHaveLength(4);
  });

  it('reports ui, api and machines importing from screens or app, and one screen area importing another', () => {
    const root = plantTree({
      'ui/Table.tsx': "import { columns } from '@/screens/brands/columns';\nexport const a = columns;\n",
      'ui/lifecycle/List.tsx': "import { routes } from '../../app/routes';\nexport const b = routes;\n",
      'api/client.ts': "export { navigation } from '@/app/routes';\n",
      'machines/list.ts':
        "const screen = () => import('@/screens/users/UsersIndexScreen');\nexport { screen };\n",
      'screens/brands/BrandForm.tsx':
        "import type { User } from '../users/UserForm';\nexport type C = User;\n",
      'screens/users/UserForm.tsx': 'export type User = { id: number };\n',
      'screens/brands/columns.ts': 'export const columns = [];\n',
      'app/routes.ts': 'export const routes = [];\nexport const navigation = [];\n',
    });
    expect(findImportViolations(root)).toEqual(
      expect.arrayContaining([
        {
          file: 'ui/Table.tsx',
          specifier: '@/screens/brands/columns',
          rule: 'ui/ must not import from screens/',
        },
        {
          file: 'ui/lifecycle/List.tsx',
          specifier: '../../app/routes',
          rule: 'ui/ must not import from app/',
        },
        { file: 'api/client.ts', specifier: '@/app/routes', rule: 'api/ must not import from app/' },
        {
          file: 'machines/list.ts',
          specifier: '@/screens/users/UsersIndexScreen',
          rule: 'machines/ must not import from screens/',
        },
        {
          file: 'screens/brands/BrandForm.tsx',
          specifier: '../users/UserForm',
          rule: 'screens/brands must not import from screens/users',
        },
      ]),
    );
    expect(findImportViolations(root)).toHaveLength(5);
  });

  it('lets screens and the app use the shared layers, and an area use its own files', () => {
    const root = plantTree({
      'app/Router.tsx':
        "import { Button } from '@/ui/Button';\nimport Screen from '../screens/brands/Index';\n",
      'screens/brands/Index.tsx': "import { api } from '@/api/endpoints';\nimport { Form } from './Form';\n",
      'screens/brands/Form.tsx': "import { save } from '../../machines/save';\nimport { z } from 'zod';\n",
      'ui/Button.tsx': "import styles from './Button.module.css';\nimport { cx } from '@/ui/cx';\n",
      // Words in comments are not imports.
      'ui/Note.ts': "// see '@/screens/brands/Index' for an example\n/* import '@/app/Router' */\n",
    });
    expect(findImportViolations(root)).toEqual([]);
  });

  it('reads multi-line, type-only, side-effect and lazy imports', () => {
    const source = [
      'import {',
      '  a,',
      '  type B,',
      "} from '@/ui/a';",
      "import type { C } from './c';",
      "import '@/ui/tokens.css';",
      "const lazyScreen = () => import('@/screens/x/X');",
      "export * from '../d';",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['../d', './c', '@/screens/x/X', '@/ui/a', '@/ui/tokens.css'].sort(),
    );
  });
});
