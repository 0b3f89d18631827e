/**
 * `npm run test:mutation [machine...] [-- stryker options]`: mutation testing of `src/machines`
 * (stryker.config.mjs). With no machine named, every machine file is mutated in one run; naming
 * some (`npm run test:mutation -- builder list`) mutates only those: a machine put together from
 * the concerns in a folder of its name (src/machines/builder.ts and src/machines/builder/) is
 * mutated with that folder; one concern of such a machine alone (`npm run test:mutation --
 * builder/review`) is judged by its own machine test file only. Stryker prints each file's
 * score and the overall one, writes reports/mutation/mutation.json, and fails under 90%.
 * Arguments that start with `-` go to Stryker as they are (`--concurrency 1`).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const machinesDir = 'src/machines';

const machines = readdirSync(join(root, machinesDir))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();

/**
 * One concern of a machine put together from a folder (`builder/review`: src/machines/builder/review.ts),
 * mutated alone: only the machine test file of its name (tests/machines/review.test.ts) judges it,
 * so a run takes minutes, not the whole machine's time. Null when the name is not of that form.
 */
function concern(name: string): { file: string; tests: string } | null {
  const part = name.replace(/^(\.\/)?src\/machines\//, '').replace(/\.ts$/, '');
  const match = /^([A-Za-z]+)\/([A-Za-z]+)$/.exec(part);
  if (!match) return null;
  const file = `${machinesDir}/${part}.ts`;
  const tests = `tests/machines/${match[2]}.test.ts`;
  for (const needed of [file, tests]) {
    if (!existsSync(join(root, needed))) throw new Error(`No ${needed} for "${name}".`);
  }
  return { file, tests };
}

/**
 * The files of one machine: `builder`, `builder.ts` and `src/machines/builder.ts` all name the
 * builder machine, which is builder.ts and every file of src/machines/builder/.
 */
function machineFiles(name: string): string[] {
  const machine = name.replace(/^(\.\/)?src\/machines\//, '').replace(/\.ts$/, '');
  if (!machines.includes(machine)) {
    throw new Error(`No machine "${name}" in ${machinesDir}; the machines are: ${machines.join(', ')}`);
  }
  const parts = join(root, machinesDir, machine);
  return [
    `${machinesDir}/${machine}.ts`,
    ...(existsSync(parts) ? [`${machinesDir}/${machine}/**/*.ts`] : []),
  ];
}

function strykerArgs(args: string[]): string[] {
  const firstOption = args.findIndex((arg) => arg.startsWith('-'));
  const names = firstOption === -1 ? args : args.slice(0, firstOption);
  const options = firstOption === -1 ? [] : args.slice(firstOption);
  const concerns = names.map(concern);
  if (concerns.some((c) => c !== null)) {
    if (!concerns.every((c) => c !== null)) {
      throw new Error('Name either machines or concerns of a machine (builder/review), not both.');
    }
    // The tests vitest.mutation.config.ts includes: only those of the concerns named.
    process.env.MUTATION_TESTS = concerns.map((c) => c!.tests).join(',');
    return ['run', '--mutate', concerns.map((c) => c!.file).join(','), ...options];
  }
  const mutate = names.length ? ['--mutate', names.flatMap(machineFiles).join(',')] : [];
  return ['run', ...mutate, ...options];
}

let args: string[];
try {
  args = strykerArgs(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}

const started = Date.now();
const child = spawn(join(root, 'node_modules', '.bin', 'stryker'), args, { cwd: root, stdio: 'inherit' });
child.once('error', (error) => {
  console.error(`Stryker could not start: ${error.message}`);
  process.exit(1);
});
child.once('exit', (code, signal) => {
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(`\nMutation testing took ${minutes} minutes${signal ? ` (stopped by ${signal})` : ''}.`);
  process.exit(code ?? 1);
});
