/**
 * The JavaScript that the login route loads at first paint, gzipped, against the 120 kB budget
 * (design.md §7). It builds the console the way `npm start` does, then follows what a browser fetches
 * for `/`: the entry scripts and modulepreload links of index.html and, from each script, its static
 * imports. Dynamic imports load later and are not counted, except the login screen's own chunk if
 * the router loads it lazily. Then, for every route, the script it evaluates before its first
 * interaction (bench/routeWeights.ts) against the route's budget (decision 029).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark, BenchOutcome, Budget } from './benchmark';
import { type Manifest, routeWeights, staticGraph } from './routeWeights';

const root = resolve(import.meta.dirname, '..');
const budgetBytes = 120_000;
/** Screens live in src/screens/<area>/ (design.md §3); a lazily loaded login screen counts at first paint. */
const loginScreenSource = /^src\/screens\/(login|auth)\//;

interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** Builds into a temporary directory, so a console being served from dist/ is not emptied mid-run. */
function build(outDir: string): Promise<void> {
  return new Promise((done, fail) => {
    const vite = spawn(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--manifest', '--outDir', outDir, '--emptyOutDir'],
      { cwd: root, stdio: 'inherit' },
    );
    vite.once('error', fail);
    vite.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`vite build exited with code ${code}`)),
    );
  });
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** Files (relative to the build directory) that index.html asks for as module scripts or preloads. */
export function htmlScripts(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && attribute(tag, 'type') === 'module') files.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel') === 'modulepreload') files.push(href);
  }
  return files.filter((file) => !/^[a-z]+:\/\//i.test(file)).map((file) => file.replace(/^\//, ''));
}

/** Relative specifiers of static `import ... from`, bare `import '...'` and `export ... from` in built code. */
export function staticImports(code: string): string[] {
  const patterns = [
    /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?(["'])(\.{0,2}\/[^"']+)\1/g,
    /\bexport\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])(\.{0,2}\/[^"']+)\1/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[2] ?? ''));
}

/** What a browser loads for index.html: its scripts and preloads, then every static import, transitively. */
async function walkFromHtml(outDir: string): Promise<Set<string>> {
  const found = new Set<string>();
  const queue = htmlScripts(await readFile(join(outDir, 'index.html'), 'utf8'));
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (found.has(file) || !file.endsWith('.js') || !existsSync(join(outDir, file))) continue;
    found.add(file);
    const code = await readFile(join(outDir, file), 'utf8');
    for (const specifier of staticImports(code)) {
      queue.push(specifier.startsWith('/') ? specifier.slice(1) : posix.join(posix.dirname(file), specifier));
    }
  }
  return found;
}

/** The same graph from Vite's manifest, plus the login screen's chunk when it is loaded lazily. */
function walkManifest(manifest: Manifest): { files: Set<string>; loginChunks: string[] } {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loginChunks = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src && loginScreenSource.test(chunk.src))
    .map(([key]) => key);
  return { files: staticGraph(manifest, [...entries, ...loginChunks]), loginChunks };
}

async function measure(outDir: string, file: string): Promise<FileSize> {
  const content = await readFile(join(outDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

async function run(): Promise<BenchOutcome> {
  const outDir = await mkdtemp(join(tmpdir(), 'bench-bundle-'));
  try {
    await build(outDir);
    const files = await walkFromHtml(outDir);
    const manifestPath = join(outDir, '.vite', 'manifest.json');
    if (existsSync(manifestPath)) {
      const { files: fromManifest, loginChunks } = walkManifest(
        JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest,
      );
      for (const file of fromManifest) if (file.endsWith('.js')) files.add(file);
      console.log(
        loginChunks.length > 0
          ? `\nLogin screen loaded lazily from ${loginChunks.join(', ')}: counted.`
          : `\nNo lazy chunk matches ${loginScreenSource}: the login screen is in the entry graph.`,
      );
    } else {
      console.log('\nNo Vite manifest: counted index.html and its static imports only.');
    }

    const sizes = await Promise.all([...files].map((file) => measure(outDir, file)));
    sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);

    console.log('\nJavaScript loaded at first paint of the login route (gzip):');
    for (const size of sizes) {
      console.log(`  ${(size.gzipBytes / 1000).toFixed(1).padStart(7)} kB  ${size.file}`);
    }
    console.log(`  ${(total / 1000).toFixed(1).padStart(7)} kB  total`);

    // Every route: the script it evaluates before its first interaction (entry, layout, screen).
    const routes = routeWeights(outDir, await readFile(join(root, 'src', 'app', 'routes.ts'), 'utf8'));
    console.log('\nJavaScript before the first interaction, per route (gzip, against its budget):');
    for (const route of routes)
      console.log(
        `  ${route.gzipBytes > route.budget ? 'OVER' : 'OK  '} ${(route.gzipBytes / 1000).toFixed(1).padStart(7)} kB of ${(route.budget / 1000).toFixed(0)} kB  ${route.name} (${route.screen})`,
      );
    const routeBudgets: Budget[] = routes.map((route) => ({
      label: `${route.name} JavaScript before first interaction (gzip)`,
      actual: route.gzipBytes,
      limit: route.budget,
      unit: 'bytes',
    }));

    return {
      result: {
        loginRouteJsGzipBytes: total,
        budgetBytes,
        files: sizes,
        routes: routes.map(({ name, screen, gzipBytes, budget }) => ({ name, screen, gzipBytes, budget })),
      },
      budgets: [
        { label: 'login route JavaScript (gzip)', actual: total, limit: budgetBytes, unit: 'bytes' },
        ...routeBudgets,
      ],
    };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  description: 'JavaScript the login route loads at first paint',
  run,
};
