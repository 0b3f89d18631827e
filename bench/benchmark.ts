/** What every benchmark module in bench/ exports, so bench/run.ts can run, print and record them alike. */

export type Unit = 'bytes' | 'ms' | 'req/s' | 'MB' | 'ratio' | 'count';

export interface Budget {
  label: string;
  actual: number;
  limit: number;
  unit: Unit;
  /** Throughput-like budgets are floors (at least `limit`); the rest are ceilings (at most `limit`). */
  atLeast?: boolean;
}

export interface BenchOutcome {
  /** Written as bench/results/<name>.json. */
  result: Record<string, unknown>;
  budgets: Budget[];
}

export interface Benchmark {
  /** Also the results file name and the argument that picks it: `npm run bench -- <name>`. */
  name: string;
  description: string;
  run(): Promise<BenchOutcome>;
}

export function withinBudget(budget: Budget): boolean {
  return budget.atLeast ? budget.actual >= budget.limit : budget.actual <= budget.limit;
}

export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'bytes':
      // kB as Vite prints them (1000 bytes), so figures compare with its build report.
      return `${(value / 1000).toFixed(1)} kB`;
    case 'ms':
      return `${value.toFixed(1)} ms`;
    case 'req/s':
      return `${Math.round(value)} req/s`;
    case 'MB':
      return `${value.toFixed(1)} MB`;
    case 'ratio':
      return value.toFixed(2);
    case 'count':
      return String(Math.round(value));
  }
}
