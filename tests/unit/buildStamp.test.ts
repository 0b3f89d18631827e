import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, sourceFingerprint, writeStamp } from '../../scripts/buildStamp';

let root: string;
let outDir: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-stamp-'));
  outDir = join(root, 'dist');
  await mkdir(join(root, 'src', 'screens'), { recursive: true });
  await writeFile(join(root, 'src', 'main.tsx'), 'export {};\n');
  await writeFile(join(root, 'src', 'screens', 'Users.tsx'), 'export const a = 1;\n');
  await writeFile(join(root, 'index.html'), '<div id="root"></div>\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function build(fingerprint: string) {
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'index.html'), '<html></html>');
  await writeStamp(outDir, fingerprint);
}

describe('npm start builds the console only when its sources changed', () => {
  it('builds when there is no build yet', async () => {
    expect(await buildIsCurrent(outDir, await sourceFingerprint(root, {}))).toBe(false);
  });

  it('does not build again from the same sources', async () => {
    await build(await sourceFingerprint(root, {}));
    expect(await buildIsCurrent(outDir, await sourceFingerprint(root, {}))).toBe(true);
  });

  it('builds again when a source file changes, is added or is renamed', async () => {
    await build(await sourceFingerprint(root, {}));
    await writeFile(join(root, 'src', 'screens', 'Users.tsx'), 'export const a = 2;\n');
    expect(await buildIsCurrent(outDir, await sourceFingerprint(root, {}))).toBe(false);

    await build(await sourceFingerprint(root, {}));
    await writeFile(join(root, 'src', 'screens', 'Brands.tsx'), 'export {};\n');
    expect(await buildIsCurrent(outDir, await sourceFingerprint(root, {}))).toBe(false);

    await build(await sourceFingerprint(root, {}));
    await rm(join(root, 'src', 'screens', 'Brands.tsx'));
    await writeFile(join(root, 'src', 'screens', 'Dealers.tsx'), 'export {};\n');
    expect(await buildIsCurrent(outDir, await sourceFingerprint(root, {}))).toBe(false);
  });

  it('builds again when a VITE_ setting the build bakes in changes, and not for other settings', async () => {
    await build(await sourceFingerprint(root, { VITE_API_URL: '/api/' }));
    expect(
      await buildIsCurrent(outDir, await sourceFingerprint(root, { VITE_API_URL: '/api/', PORT: '4000' })),
    ).toBe(true);
    expect(
      await buildIsCurrent(
        outDir,
        await sourceFingerprint(root, { VITE_API_URL: 'https://api.example.com/' }),
      ),
    ).toBe(false);
  });

  it('builds again when the build was removed but its stamp was not', async () => {
    const fingerprint = await sourceFingerprint(root, {});
    await build(fingerprint);
    await rm(join(outDir, 'index.html'));
    expect(await buildIsCurrent(outDir, fingerprint)).toBe(false);
  });
});
