import type autocannon from 'autocannon';

/**
 * The CPU time a serving process spends per request, summed over the runs a bench counts. Unlike
 * a rate it hardly moves with what else the machine runs, so it says where a gap between two
 * servers comes from even on a busy machine. `cpuMs` reads the process's CPU time so far
 * (server.ts `cpuMsOf`).
 */
export function cpuTally<Side extends string>() {
  const sums = new Map<Side, { ms: number; requests: number }>();
  return {
    async count(side: Side, cpuMs: () => Promise<number | null>, run: () => Promise<autocannon.Result>) {
      const before = await cpuMs();
      const result = await run();
      const after = await cpuMs();
      if (before !== null && after !== null) {
        const sum = sums.get(side) ?? { ms: 0, requests: 0 };
        sums.set(side, { ms: sum.ms + after - before, requests: sum.requests + result.requests.total });
      }
      return result;
    },
    /** Microseconds of CPU per request counted for `side`; null when none were. */
    microsecondsPer(side: Side): number | null {
      const sum = sums.get(side);
      return sum && sum.requests > 0 ? Math.round((sum.ms * 1000) / sum.requests) : null;
    },
  };
}
