/** A Chrome DevTools Protocol CPU profile, summed per function (self time), for the profiling scripts. */

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

/** Each function's self time in milliseconds ('name file.js:line'), longest first, and the total. */
export function selfTimes(profile: CpuProfile): { total: number; functions: Array<[string, number]> } {
  const byNode = new Map<number, number>();
  for (const [at, node] of profile.samples.entries())
    byNode.set(node, (byNode.get(node) ?? 0) + (profile.timeDeltas[at] ?? 0));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (byNode.get(node.id) ?? 0) / 1000);
  }
  const functions = [...byName].sort((a, b) => b[1] - a[1]);
  return { total: functions.reduce((sum, [, ms]) => sum + ms, 0), functions };
}

/** The profile's self times, the longest `count` functions, one line each. */
export function printSelfTimes(profile: CpuProfile, heading: string, count = 40): void {
  const { total, functions } = selfTimes(profile);
  console.log(`${heading}: ${total.toFixed(0)} ms sampled`);
  for (const [name, ms] of functions.slice(0, count)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
}
