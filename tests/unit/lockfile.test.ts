import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The oldest Node.js the project declares it runs on (package.json `engines.node`), as x.y.z. */
const declaredNode = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    engines: { node: string };
  }
).engines.node.replace(/^>=\s*/, '');
const projectNode = [...declaredNode.split('.'), '0', '0'].slice(0, 3).join('.');
// semver comes with npm's own tree of tools; its one function used here is typed by hand.
const { satisfies } = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
};

describe('the packages installed', () => {
  it('all declare that they run on the Node.js the project declares, so npm ci prints no EBADENGINE', () => {
    const entries = lock.packages as Record<string, LockEntry & { engines?: { node?: string } | string[] }>;
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(entries)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (path && range && !satisfies(projectNode, range)) refusing.push(`${path} (${range})`);
    }
    expect(refusing).toEqual([]);
  });
});
