/**
 * `npm run bench [-- name...]`: runs the benchmarks (all, or the named ones), prints each figure against
 * its budget (design.md §7) and writes bench/results/<name>.json. Exits 1 when a budget is missed or a
 * benchmark fails. A new benchmark is a module in bench/ exporting a `Benchmark`, listed below.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiBenchmark } from './api';
import { approvalBenchmark } from './approval';
import { type Benchmark, formatValue, withinBudget } from './benchmark';
import { blocksBenchmark } from './blocks';
import { builderBenchmark } from './builder';
import { bundleBenchmark } from './bundle';
import { deliveryBenchmark } from './delivery';
import { historyBenchmark } from './history';
import { imagesBenchmark } from './images';
import { leadsBenchmark } from './leads';
import { lighthouseBenchmark } from './lighthouse';
import { mediaBenchmark } from './media';
import { permissionBenchmark } from './permission';
import { postgresBenchmark } from './postgres';
import { presenceBenchmark } from './presence';
import { scaleBenchmark } from './scale';
import { scopeBenchmark } from './scope';
import { siteBenchmark } from './site';
import { treeBenchmark } from './tree';
import { uploadsBenchmark } from './uploads';
import { webhooksBenchmark } from './webhooks';

const benchmarks: Benchmark[] = [
  bundleBenchmark,
  apiBenchmark,
  postgresBenchmark,
  treeBenchmark,
  blocksBenchmark,
  builderBenchmark,
  scaleBenchmark,
  scopeBenchmark,
  approvalBenchmark,
  siteBenchmark,
  deliveryBenchmark,
  lighthouseBenchmark,
  historyBenchmark,
  permissionBenchmark,
  webhooksBenchmark,
  leadsBenchmark,
  imagesBenchmark,
  mediaBenchmark,
  uploadsBenchmark,
  presenceBenchmark,
];

const resultsDir = join(import.meta.dirname, 'results');

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !benchmarks.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown benchmark: ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
    process.exitCode = 2;
    return;
  }
  const selected = wanted.length > 0 ? benchmarks.filter((b) => wanted.includes(b.name)) : benchmarks;

  await mkdir(resultsDir, { recursive: true });
  let failures = 0;
  for (const benchmark of selected) {
    console.log(`\n=== ${benchmark.name}: ${benchmark.description} ===\n`);
    try {
      const { result, budgets } = await benchmark.run();
      const file = join(resultsDir, `${benchmark.name}.json`);
      await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      console.log('');
      for (const budget of budgets) {
        const ok = withinBudget(budget);
        if (!ok) failures++;
        const bound = budget.atLeast ? 'at least' : 'at most';
        console.log(
          `${ok ? 'OK  ' : 'OVER'} ${budget.label}: ${formatValue(budget.actual, budget.unit)} ` +
            `(budget: ${bound} ${formatValue(budget.limit, budget.unit)})`,
        );
      }
      console.log(`Wrote ${file}`);
    } catch (error) {
      failures++;
      console.error(`${benchmark.name} failed:`, error);
    }
  }
  process.exitCode = failures > 0 ? 1 : 0;
}

await main();
