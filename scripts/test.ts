/**
 * `npm test`: typecheck, lint, unit and API tests (on PGlite, then on PostgreSQL when DATABASE_URL is
 * set), then the browser tests. Every step runs even when an earlier one fails, so one run shows
 * everything that is wrong. The last line is always `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JsonTestResults } from 'vitest/node';

const root = resolve(import.meta.dirname, '..');
const chromiumPath = '/usr/bin/chromium';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

interface StepResult extends Tally {
  name: string;
  note?: string;
  /** The step did not run at all (as opposed to running and skipping some tests). */
  notRun?: boolean;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Exit> {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.once('error', (error) => done({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => done({ code, signal }));
  });
}

function describeExit(exit: Exit): string {
  if (exit.error) return `could not start: ${exit.error.message}`;
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

function heading(text: string): void {
  console.log(`\n=== ${text} ===\n`);
}

/** A command that is one test: it passes when it exits 0. */
async function commandStep(name: string, command: string, args: string[]): Promise<StepResult> {
  heading(name);
  const exit = await run(command, args);
  if (exit.code === 0) return { name, passed: 1, failed: 0, skipped: 0 };
  return { name, passed: 0, failed: 1, skipped: 0, note: describeExit(exit) };
}

/** Counts what vitest's JSON report says; a file that failed outside any test counts as one failure. */
function tallyReport(report: JsonTestResults): Tally {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
  for (const file of report.testResults) {
    let failedInFile = 0;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') tally.passed++;
      else if (test.status === 'failed') failedInFile++;
      else tally.skipped++;
    }
    if (file.status === 'failed' && failedInFile === 0) failedInFile = 1;
    tally.failed += failedInFile;
  }
  return tally;
}

async function vitestStep(name: string, projects: string[], env: NodeJS.ProcessEnv): Promise<StepResult> {
  heading(name);
  const dir = await mkdtemp(join(tmpdir(), 'vitest-report-'));
  const reportPath = join(dir, 'report.json');
  try {
    const projectArgs = projects.flatMap((project) => ['--project', project]);
    const exit = await run(
      bin('vitest'),
      ['run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${reportPath}`],
      env,
    );
    let tally: Tally = { passed: 0, failed: 0, skipped: 0 };
    let note: string | undefined;
    try {
      tally = tallyReport(JSON.parse(await readFile(reportPath, 'utf8')) as JsonTestResults);
    } catch {
      note = 'no readable JSON report';
    }
    // Errors outside tests (unhandled rejections, no test files, a crash) fail the run without failing a test.
    if (exit.code !== 0 && tally.failed === 0) {
      tally.failed = 1;
      note = [note, `vitest ${describeExit(exit)}`].filter(Boolean).join('; ');
    }
    return { name, ...tally, note };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const chromiumMissingWarning = [
  '',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '!!  BROWSER TESTS SKIPPED: Chromium is missing.',
  `!!  No browser at ${chromiumPath}, so tests/e2e did not run and this result`,
  '!!  says nothing about the console in a browser.',
  '!!  Install it with: apt-get install -y chromium   (.ci/run does this in CI)',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '',
].join('\n');

async function browserSteps(env: NodeJS.ProcessEnv): Promise<StepResult[]> {
  if (!existsSync(chromiumPath)) {
    heading('browser tests');
    console.log(chromiumMissingWarning);
    return [
      { name: 'browser tests', passed: 0, failed: 0, skipped: 0, notRun: true, note: 'Chromium is missing' },
    ];
  }
  heading('vite build');
  const build = await run(bin('vite'), ['build']);
  if (build.code !== 0) {
    // Browser tests against a stale or half-written dist/ would report on the wrong console.
    return [
      { name: 'vite build', passed: 0, failed: 1, skipped: 0, note: describeExit(build) },
      { name: 'browser tests', passed: 0, failed: 0, skipped: 0, notRun: true, note: 'the build failed' },
    ];
  }
  return [await vitestStep('browser tests', ['e2e'], env)];
}

/** A step that throws (a bug here, a full disk) is one failure, and the steps after it still run. */
async function guarded(name: string, step: () => Promise<StepResult | StepResult[]>): Promise<StepResult[]> {
  try {
    return [await step()].flat();
  } catch (error) {
    console.error(error);
    return [{ name, passed: 0, failed: 1, skipped: 0, note: `crashed: ${String(error)}` }];
  }
}

async function main(): Promise<void> {
  const withoutDatabaseUrl: NodeJS.ProcessEnv = { ...process.env };
  delete withoutDatabaseUrl.DATABASE_URL;
  const databaseUrl = process.env.DATABASE_URL;

  const plan: Array<[string, () => Promise<StepResult | StepResult[]>]> = [
    ['typecheck', () => commandStep('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'])],
    ['lint', () => commandStep('lint', bin('biome'), ['check', '.'])],
    // The PGlite run must not see DATABASE_URL, or it would quietly test PostgreSQL twice.
    [
      'unit and API tests (PGlite)',
      () => vitestStep('unit and API tests (PGlite)', ['unit', 'api'], withoutDatabaseUrl),
    ],
    [
      'API tests (PostgreSQL)',
      async () => {
        if (databaseUrl)
          return vitestStep('API tests (PostgreSQL)', ['api'], { ...process.env, DATABASE_URL: databaseUrl });
        heading('API tests (PostgreSQL)');
        console.log('DATABASE_URL is not set: the API tests ran on PGlite only.');
        const note = 'DATABASE_URL is not set';
        return { name: 'API tests (PostgreSQL)', passed: 0, failed: 0, skipped: 0, notRun: true, note };
      },
    ],
    ['browser tests', () => browserSteps(withoutDatabaseUrl)],
  ];

  // Ctrl+C reaches the running step's processes too; stop after that step instead of starting the next.
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
  });

  const steps: StepResult[] = [];
  for (const [name, step] of plan) {
    if (interrupted) break;
    steps.push(...(await guarded(name, step)));
  }
  if (interrupted)
    steps.push({ name: 'interrupted', passed: 0, failed: 1, skipped: 0, note: 'stopped by Ctrl+C' });

  heading('summary');
  const total: Tally = { passed: 0, failed: 0, skipped: 0 };
  for (const step of steps) {
    total.passed += step.passed;
    total.failed += step.failed;
    total.skipped += step.skipped;
    const mark = step.failed > 0 ? 'FAIL' : step.notRun ? 'SKIP' : 'ok  ';
    const counts = `${step.passed} passed, ${step.failed} failed, ${step.skipped} skipped`;
    console.log(`${mark} ${step.name.padEnd(30)} ${counts}${step.note ? ` (${step.note})` : ''}`);
  }
  if (!existsSync(chromiumPath)) console.log(chromiumMissingWarning);
  if (total.skipped > 0) console.log(`${total.skipped} skipped`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

await main();
