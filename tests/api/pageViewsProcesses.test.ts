import { VIEWS_PER_MINUTE, VISITORS_PER_ADDRESS } from '@server/domain/pageViews';
import { describe, expect, it } from 'vitest';
import { callProcess, processFixture, signInTo } from './process-calls';
import type { ServerProcess } from './server-process';

const collect = (server: ServerProcess, agent: string) =>
  fetch(`${server.baseURL}/api/analytics/collect`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': agent },
    body: JSON.stringify({ path: '/new-cars' }),
  }).then((res) => res.status);

// PGlite belongs to one process; only a shared PostgreSQL server has several API processes on one database.
describe.skipIf(!process.env.DATABASE_URL)('page views counted by two API processes on one database', () => {
  const { servers } = processFixture('page_views', async () => {});

  // Two servers start in their own processes: on a busy machine that alone has taken over 30 s.
  it('share one allowance per address: visitors a day and page views a minute', async () => {
    const [first, second] = [await servers.start(), await servers.start()];
    const both = [first, second];
    // Every call comes from 127.0.0.1, each with a browser string of its own, half to each process.
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) => collect(both[i % 2]!, `Mozilla/5.0 Firefox/${100 + i}`)),
    );
    expect(flood).toEqual(Array(40).fill(200));

    const today = new Date().toISOString().slice(0, 10);
    const token = await signInTo(first);
    const totals = await callProcess(second, 'analytics/totals', {
      token,
      body: { start: today, end: today },
    });
    const byKey = Object.fromEntries(
      (totals.json.data as Array<{ key: string; total: number }>).map((m) => [m.key, m.total]),
    );
    expect(byKey.page_views).toBe(40);
    expect(byKey.visitors).toBe(VISITORS_PER_ADDRESS);

    const more = await Promise.all(
      Array.from({ length: VIEWS_PER_MINUTE }, (_, i) => collect(both[i % 2]!, 'Mozilla/5.0 Firefox/100')),
    );
    expect(more.filter((status) => status === 200)).toHaveLength(VIEWS_PER_MINUTE - 40);
    expect(more.filter((status) => status === 429)).toHaveLength(40);
  }, 120_000);
});
