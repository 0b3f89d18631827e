import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeWeights } from '../../bench/routeWeights';
import { hasChromium } from './browser';

/**
 * Each route's script before its first interaction (entry, layout and screen chunks with their static
 * imports, gzipped) stays within its budget (decision 029), read from the manifest of the build the
 * browser tests run on (global-setup builds it when the sources changed).
 */
describe.skipIf(!hasChromium)('the script each route evaluates before its first interaction', () => {
  it('stays within each route’s budget', async () => {
    const root = join(import.meta.dirname, '..', '..');
    const routes = routeWeights(
      join(root, 'dist'),
      await readFile(join(root, 'src', 'app', 'routes.ts'), 'utf8'),
    );
    expect(routes.length).toBeGreaterThan(30);
    const over = routes
      .filter((route) => route.gzipBytes > route.budget)
      .map((route) => `${route.screen}: ${route.gzipBytes} bytes, budget ${route.budget}`);
    expect(over).toEqual([]);
  });

  it("carries react-aria's words in English only", async () => {
    const root = join(import.meta.dirname, '..', '..');
    const assets = join(root, 'dist', 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    const text = (await Promise.all(scripts.map((name) => readFile(join(assets, name), 'utf8')))).join('\n');
    // A dialog's dismiss button, as react-aria words it in English and in German.
    expect(text).toContain('Dismiss');
    expect(text).not.toMatch(/Schlie(\\xdf|ß)en/);
  });
});
