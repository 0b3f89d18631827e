import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  optionalDependencies?: Record<string, string>;
}

const lock = JSON.parse(readFileSync(join(import.meta.dirname, '../../package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/**
 * `npm ci` refuses a lock file that lacks an optional dependency, even one for another
 * platform, and npm leaves out the ones the registry cannot serve (see
 * docs/decisions/006-lock-file.md). This keeps `npm ci && npm start` working.
 */
describe('package-lock.json', () => {
  it('lists every optional dependency, so that npm ci accepts it', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`])
          missing.push(`${path} -> ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
