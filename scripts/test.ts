/**
 * `npm test`: typecheck, lint, unit and API tests (on PGlite, then on PostgreSQL when DATABASE_URL is
 * set), and the browser tests. Every step runs even when an earlier one fails, so one run shows
 * everything that is wrong. The last line is always `N passed, N failed`.
 *
 * Typecheck, lint, the unit tests, the build and the browser tests run in one lane; the API tests, on
 * PGlite and then on PostgreSQL, in a second lane beside it (docs/decisions/017-test-run-time.md). The browser lane
 * writes to the terminal as it goes; the other lane's output is held and printed, under each step's
 * heading, once both lanes are done.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { JsonTestResults } from 'vitest/node';
import { failedTests, passedWhenTriedAgain } from './failedTests';
import { minutesAndSeconds, printSummary, type StepResult, type Tally } from './testSummary';

const root = resolve(import.meta.dirname, '..');
const chromiumPath = '/usr/bin/chromium';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
}

const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** How many more times a failed test is run before it counts as failed. */
const TRIES_AGAIN = 1;

/** The niceness of the steps beside the browser tests: the scheduler favours the browser tests ten to one. */
const besidePriority = 10;

/**
 * Where a step's output goes: straight to the terminal, or held (`Held`) while another step has the
 * terminal, and printed when the step is done.
 */
class Held {
  private chunks: Buffer[] = [];
  add(chunk: Buffer): void {
    this.chunks.push(chunk);
  }
  print(): void {
    process.stdout.write(Buffer.concat(this.chunks));
    this.chunks = [];
  }
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  held?: Held,
): Promise<Exit> {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (held && child.pid !== undefined) {
      // The browser tests wait on a chain of short bursts of work (the test, the server, Chromium):
      // beside a lane that kept both cores busy they ran two to three times slower and timed out.
      // At a lower priority the lane beside them takes only what they leave; its Vitest workers
      // inherit the priority.
      try {
        setPriority(child.pid, besidePriority);
      } catch {
        // A platform that refuses only makes the run slower, never wrong.
      }
    }
    if (held) {
      child.stdout?.on('data', (chunk: Buffer) => held.add(chunk));
      child.stderr?.on('data', (chunk: Buffer) => held.add(chunk));
    }
    child.once('error', (error) => done({ code: null, signal: null, error }));
    child.once('exit', (code, signal) => {
      if (!held) return done({ code, signal });
      // Held output is complete once the pipes close; a process the step left behind can hold them
      // open, so that wait is bounded.
      const timer = setTimeout(() => done({ code, signal }), 10_000);
      child.once('close', () => {
        clearTimeout(timer);
        done({ code, signal });
      });
    });
  });
}

function describeExit(exit: Exit): string {
  if (exit.error) return `could not start: ${exit.error.message}`;
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

function heading(text: string, held?: Held): void {
  const line = `\n=== ${text} ===\n\n`;
  if (held) held.add(Buffer.from(line));
  else process.stdout.write(line);
}

/** A command that is one test: it passes when it exits 0. */
function commandStep(name: string, command: string, args: string[], held?: Held): Promise<StepResult> {
  return timed(() => runCommandStep(name, command, args, held));
}

async function runCommandStep(
  name: string,
  command: string,
  args: string[],
  held?: Held,
): Promise<StepResult> {
  heading(name, held);
  const exit = await run(command, args, process.env, held);
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

function vitestStep(
  name: string,
  projects: string[],
  env: NodeJS.ProcessEnv,
  held?: Held,
): Promise<StepResult> {
  return timed(() => runVitestStep(name, projects, env, held));
}

/** The three test files that took longest, as 'tests/api/users.test.ts 1:05'. */
function slowestFiles(report: JsonTestResults): string[] {
  return report.testResults
    .map((file) => ({ file: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map(({ file, ms }) => `${file} ${minutesAndSeconds(ms)}`);
}

async function runVitestStep(
  name: string,
  projects: string[],
  env: NodeJS.ProcessEnv,
  held?: Held,
): Promise<StepResult> {
  heading(name, held);
  const dir = await mkdtemp(join(tmpdir(), 'vitest-report-'));
  const reportPath = join(dir, 'report.json');
  try {
    const projectArgs = projects.flatMap((project) => ['--project', project]);
    const exit = await run(
      bin('vitest'),
      [
        'run',
        ...projectArgs,
        // A test that fails is run once more; one that then passes counts as passed and is named in
        // the summary (decision 017), so one unlucky moment of a shared machine does not sink a run.
        `--retry=${TRIES_AGAIN}`,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportPath}`,
      ],
      env,
      held,
    );
    let tally: Tally = { passed: 0, failed: 0, skipped: 0 };
    let slowest: string[] | undefined;
    let failures: string[] | undefined;
    let triedAgain: string[] | undefined;
    let note: string | undefined;
    try {
      const report = JSON.parse(await readFile(reportPath, 'utf8')) as JsonTestResults;
      tally = tallyReport(report);
      slowest = slowestFiles(report);
      failures = failedTests(report, root);
      triedAgain = passedWhenTriedAgain(report, root);
    } catch {
      note = 'no readable JSON report';
    }
    // Errors outside tests (unhandled rejections, no test files, a crash) fail the run without failing a test.
    if (exit.code !== 0 && tally.failed === 0) {
      tally.failed = 1;
      note = [note, `vitest ${describeExit(exit)}`].filter(Boolean).join('; ');
    }
    return { name, ...tally, note, slowest, failures, triedAgain };
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
  const build = await commandStep('vite build', bin('vite'), ['build']);
  if (build.failed > 0) {
    // Browser tests against a stale or half-written dist/ would report on the wrong console.
    return [
      build,
      { name: 'browser tests', passed: 0, failed: 0, skipped: 0, notRun: true, note: 'the build failed' },
    ];
  }
  return [build, await vitestStep('browser tests', ['e2e'], env)];
}

/** A step of the run: with `held`, its output is held rather than written as it goes. */
interface Planned {
  name: string;
  step: (held?: Held) => Promise<StepResult | StepResult[]>;
}

/** Steps that run one after another; a lane `beside` another runs at the same time, without the terminal. */
interface Lane {
  beside: boolean;
  steps: Planned[];
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

/** Runs `work` and notes how long it took on the result, so the summary shows where the time went. */
async function timed(work: () => Promise<StepResult>): Promise<StepResult> {
  const started = performance.now();
  const result = await work();
  return { ...result, ms: performance.now() - started };
}

async function main(): Promise<void> {
  const withoutDatabaseUrl: NodeJS.ProcessEnv = { ...process.env };
  delete withoutDatabaseUrl.DATABASE_URL;
  const databaseUrl = process.env.DATABASE_URL;

  // Two lanes run side by side (docs/decisions/017-test-run-time.md): the browser tests wait on the
  // browser and their server for much of their time, so the API tests run beside them, at a lower
  // priority, instead of before them. The browser lane has the terminal; the other lane's output is
  // held and printed, step by step, once both are done.
  const lanes: Lane[] = [
    {
      beside: true,
      steps: [
        // The PGlite run must not see DATABASE_URL, or it would quietly test PostgreSQL twice.
        {
          name: 'API tests (PGlite)',
          step: (held) => vitestStep('API tests (PGlite)', ['api'], withoutDatabaseUrl, held),
        },
        {
          name: 'API tests (PostgreSQL)',
          step: async (held) => {
            if (databaseUrl)
              return vitestStep(
                'API tests (PostgreSQL)',
                ['api'],
                { ...process.env, DATABASE_URL: databaseUrl },
                held,
              );
            heading('API tests (PostgreSQL)', held);
            held?.add(Buffer.from('DATABASE_URL is not set: the API tests ran on PGlite only.\n'));
            const note = 'DATABASE_URL is not set';
            return { name: 'API tests (PostgreSQL)', passed: 0, failed: 0, skipped: 0, notRun: true, note };
          },
        },
      ],
    },
    {
      beside: false,
      // Typecheck, lint and the unit tests come first in this lane, not the other: the other lane's API
      // steps are the longer, and these took minutes there in CI (decision 017, "the lanes balanced"
      // and "the unit tests move to the browser lane").
      steps: [
        {
          name: 'typecheck',
          step: (held) => commandStep('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], held),
        },
        { name: 'lint', step: (held) => commandStep('lint', bin('biome'), ['check', '.'], held) },
        {
          name: 'unit tests',
          step: (held) => vitestStep('unit tests', ['unit'], withoutDatabaseUrl, held),
        },
        { name: 'browser tests', step: () => browserSteps(withoutDatabaseUrl) },
      ],
    },
  ];

  // Ctrl+C reaches the running steps' processes too; each lane stops after its running step.
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
  });

  const started = performance.now();
  const ran = await Promise.all(
    lanes.map(async ({ beside, steps: planned }) => {
      const results: StepResult[] = [];
      const held = beside ? new Held() : undefined;
      for (const { name, step } of planned) {
        if (interrupted) break;
        results.push(...(await guarded(name, () => step(held))));
      }
      return { results, held };
    }),
  );
  for (const { held } of ran) held?.print();
  const steps = ran.flatMap(({ results }) => results);
  if (interrupted)
    steps.push({ name: 'interrupted', passed: 0, failed: 1, skipped: 0, note: 'stopped by Ctrl+C' });

  heading('summary');
  const total = printSummary(steps, performance.now() - started);
  if (!existsSync(chromiumPath)) console.log(chromiumMissingWarning);
  if (total.skipped > 0) console.log(`${total.skipped} skipped`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

await main();
