/**
 * `npm start`: builds the console when its sources changed since the last build (or there is none),
 * then starts the API, which serves it.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { buildIsCurrent, sourceFingerprint } from './buildStamp';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'dist');

function build(): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'vite'), ['build'], {
      cwd: root,
      stdio: 'inherit',
    });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`vite build failed (exit code ${code})`)),
    );
  });
}

const fingerprint = await sourceFingerprint(root);
if (await buildIsCurrent(outDir, fingerprint)) {
  console.log('The console is already built from these sources.');
} else {
  console.log('Building the console...');
  // The build stamps itself with its sources' fingerprint (vite.config.ts).
  await build();
}

// The server renders the reference site with React: its production build, unless asked otherwise.
process.env.NODE_ENV ??= 'production';
await import('../server/main');
