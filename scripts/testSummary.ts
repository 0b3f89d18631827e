/** What `npm test` prints at its end: a line per step with its time and counts, and what failed. */

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

export interface StepResult extends Tally {
  name: string;
  /** Wall-clock milliseconds the step took; set by `timed`. */
  ms?: number;
  note?: string;
  /** The step did not run at all (as opposed to running and skipping some tests). */
  notRun?: boolean;
  /** The test files that took longest in this step, with their times: where to look first to speed it up. */
  slowest?: string[];
  /** What failed, as 'file > test': the summary is the part of a long run a reader sees first. */
  failures?: string[];
  /** Tests that failed once and passed when tried again, as 'file > test' and why they failed. */
  triedAgain?: string[];
}

/** 75 s as '1:15', 3,725 s as '62:05': minutes and seconds, which is what a test run is measured in. */
export function minutesAndSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A line per step (mark, name, time, counts), its slowest files, each failed test and each test that
 * passed when tried again, then the whole run's time; returns the counts of all steps together.
 */
export function printSummary(steps: StepResult[], wholeRunMs: number): Tally {
  const total: Tally = { passed: 0, failed: 0, skipped: 0 };
  for (const step of steps) {
    total.passed += step.passed;
    total.failed += step.failed;
    total.skipped += step.skipped;
    const mark = step.failed > 0 ? 'FAIL' : step.notRun ? 'SKIP' : 'ok  ';
    const counts = `${step.passed} passed, ${step.failed} failed, ${step.skipped} skipped`;
    const took = (step.ms === undefined ? '' : minutesAndSeconds(step.ms)).padStart(6);
    console.log(`${mark} ${step.name.padEnd(30)} ${took}  ${counts}${step.note ? ` (${step.note})` : ''}`);
    if (step.slowest?.length) console.log(`${''.padEnd(44)}slowest: ${step.slowest.join(', ')}`);
    for (const failure of step.failures ?? []) {
      const [name, ...why] = failure.split('\n');
      console.log(`${''.padEnd(44)}failed: ${name}`);
      for (const line of why) console.log(`${''.padEnd(44)}${line}`);
    }
    for (const flaky of step.triedAgain ?? []) {
      const [name, ...why] = flaky.split('\n');
      console.log(`${''.padEnd(44)}passed when tried again: ${name}`);
      for (const line of why) console.log(`${''.padEnd(44)}${line}`);
    }
  }
  console.log(`     ${'the whole run'.padEnd(30)} ${minutesAndSeconds(wholeRunMs).padStart(6)}`);
  return total;
}
