/**
 * `npx tsx bench/profileApi.ts [path]`: a CPU profile of the real server (its own process, on
 * PostgreSQL) answering an authenticated call with ten clients for ten seconds (PROFILE_SECONDS;
 * longer drowns the server's start-up, which the profile also holds), summed per
 * function (self time), the whole profile left in bench/results/api-profile/ to open in DevTools.
 */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { postgresUrl, root, seedBenchData } from './server';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

async function main(): Promise<void> {
  const path = process.argv[2] ?? '/api/users?page=3';
  const dir = join(root, 'bench/results/api-profile');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const data = await seedBenchData({ postgresUrl: postgresUrl(), size: 'large' });
  try {
    const server = await data.start({ nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    const headers = { authorization: `Bearer ${await server.token()}`, accept: 'application/json' };
    await autocannon({ url: `${server.base}${path}`, headers, connections: 10, duration: 3 });
    const duration = Number(process.env.PROFILE_SECONDS) || 10;
    const result = await autocannon({ url: `${server.base}${path}`, headers, connections: 10, duration });
    console.log(`${Math.round(result.requests.average)} req/s`);
    await server.stop();
  } finally {
    await data.drop();
  }
  const [file] = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
  const total = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(`file://${root}/`, '');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (node.hitCount ?? 0));
    const pkg =
      where.startsWith('server/') || where.startsWith('src/') ? where : where.split('/')[0] || functionName;
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + (node.hitCount ?? 0));
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('Self time by function:');
  for (const [key, hits] of top(byFunction, 40))
    console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}% ${key}`);
  console.log('Self time by package or file:');
  for (const [key, hits] of top(byFile, 25))
    console.log(`${((hits / total) * 100).toFixed(1).padStart(5)}% ${key}`);
}

await main();
