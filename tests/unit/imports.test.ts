import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportViolations, importSpecifiers } from './importRules';

const sourceRoot = join(import.meta.dirname, '../../src');

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
