import { analyticsAddresses, analyticsSalts, analyticsVisitors } from '@server/db/schema/analytics';
import { rateWindows } from '@server/db/schema/rateWindows';
import { demoReservations } from '@server/db/seed/reservations';
import { metricFigures } from '@server/domain/analytics';
import { createPageViewCounter, VIEWS_PER_MINUTE, VISITORS_PER_ADDRESS } from '@server/domain/pageViews';
import { storeReservations } from '@server/domain/reservations';
import { storeResponse } from '@server/domain/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signedInAs, type TestServer } from './harness';

let server: TestServer;
let token: string;

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  const db = server.database.db;
  const answer = { name: { label: 'Name', result: 'A' } };
  await storeResponse(db, 'test-drive', answer, new Date(`${yesterday}T10:00:00Z`));
  await storeResponse(db, 'newsletter', answer, new Date(`${yesterday}T11:00:00Z`));
  await storeResponse(db, 'newsletter', answer, new Date(`${today}T00:30:00Z`));
  const [first, second] = demoReservations(2);
  await storeReservations(db, [
    { ...first!, reservedAt: new Date(`${yesterday}T09:00:00Z`), amount: 19900 },
    { ...second!, reservedAt: new Date(`${yesterday}T23:59:00Z`), amount: 10050 },
  ]);
});
afterAll(() => server.close());

const post = (url: string, body: unknown) => server.call('POST', url, { token, body });
const collect = (ip: string, agent = 'Mozilla/5.0 Test', path = '/new-cars') =>
  server.call('POST', '/api/analytics/collect', {
    body: { path },
    headers: { 'x-forwarded-for': ip, 'user-agent': agent },
  });

describe('dashboard figures', () => {
  it('offers the last 30 days as the first range', async () => {
    const res = await post('/api/analytics/dates', {});
    expect(res.statusCode).toBe(200);
    const { start, end } = res.json();
    expect(end).toBe(today);
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(29);
  });

  it('counts page views and each visitor once a day, without a cookie', async () => {
    for (const ip of ['198.51.100.1', '198.51.100.1', '198.51.100.2']) {
      const res = await collect(ip);
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const data = (await post('/api/analytics/totals', { start: today, end: today })).json().data;
    const byKey = Object.fromEntries(data.map((m: { key: string; total: number }) => [m.key, m.total]));
    expect(byKey.page_views).toBe(3);
    expect(byKey.visitors).toBe(2);
  });

  it('totals every metric per day from the real records, with the comparison range beside it', async () => {
    const res = await post('/api/analytics/totals', {
      start: today,
      end: today,
      comparison_start: yesterday,
      comparison_end: yesterday,
    });
    expect(res.statusCode, res.body).toBe(200);
    const byKey = Object.fromEntries(res.json().data.map((m: { key: string }) => [m.key, m]));
    expect(byKey.enquiries).toMatchObject({
      title: 'Enquiries',
      total: 1,
      graph: [{ day: today, total: 1 }],
      comparison_total: 2,
      comparison_graph: [{ day: yesterday, total: 2 }],
    });
    expect(byKey.reservations).toMatchObject({ total: 0, comparison_total: 2 });
    expect(byKey.reservation_value).toMatchObject({ total: 0, comparison_total: 299.5 });
    const without = (await post('/api/analytics/totals', { start: yesterday, end: today })).json().data;
    expect(without[0].comparison_total).toBeNull();
    expect(without[0].comparison_graph).toBeNull();
    expect(without[0].graph.map((p: { day: string }) => p.day)).toEqual([yesterday, today]);
  });

  it('answers a figures table per metric with the difference as a percentage, or N/A', async () => {
    const res = await post('/api/analytics/tables', {
      start: today,
      end: today,
      comparison_start: yesterday,
      comparison_end: yesterday,
    });
    expect(res.statusCode).toBe(200);
    const enquiries = res.json().data.find((t: { key: string }) => t.key === 'enquiries');
    expect(enquiries.headers).toEqual(['day', 'total', 'comparison_day', 'comparison_total', 'difference']);
    expect(enquiries.data).toEqual([
      { day: today, total: 1, comparison_day: yesterday, comparison_total: 2, difference: -50 },
    ]);
    const reserved = res.json().data.find((t: { key: string }) => t.key === 'reservations');
    expect(reserved.data[0].difference).toBe(-100);
    const alone = (await post('/api/analytics/tables', { start: today, end: today })).json().data;
    expect(alone[0].data[0].difference).toBeNull();
  });

  it("answers a search's totals and tables from the same figures: each table row is its chart's day", async () => {
    const range = { start: yesterday, end: today, comparison_start: yesterday, comparison_end: yesterday };
    const [totals, tables] = await Promise.all([
      post('/api/analytics/totals', range),
      post('/api/analytics/tables', range),
    ]);
    expect(totals.statusCode).toBe(200);
    expect(tables.statusCode).toBe(200);
    const tableOf = new Map(tables.json().data.map((t: { key: string }) => [t.key, t]));
    for (const metric of totals.json().data) {
      const table = tableOf.get(metric.key) as { title: string; data: Array<Record<string, unknown>> };
      expect(table.title).toBe(metric.title);
      expect(table.data.map((row) => ({ day: row.day, total: row.total }))).toEqual(metric.graph);
      const compared = table.data.filter((row) => row.comparison_day !== null);
      expect(compared.map((row) => ({ day: row.comparison_day, total: row.comparison_total }))).toEqual(
        metric.comparison_graph,
      );
      const sum = metric.graph.reduce((all: number, point: { total: number }) => all + point.total, 0);
      expect(metric.total).toBeCloseTo(sum, 2);
    }
    const enquiries = totals.json().data.find((m: { key: string }) => m.key === 'enquiries');
    expect(enquiries).toMatchObject({ total: 3, comparison_total: 2 });
    expect(tableOf.get('enquiries')).toMatchObject({
      data: [
        { day: yesterday, total: 2, comparison_day: yesterday, comparison_total: 2, difference: 0 },
        { day: today, total: 1, comparison_day: null, comparison_total: null, difference: null },
      ],
    });
  });

  it('computes the figures of the same ranges once for calls made together, and afresh afterwards', async () => {
    const db = server.database.db;
    const range = { start: today, end: today, comparison_start: null, comparison_end: null };
    const [first, second] = await Promise.all([metricFigures(db, range), metricFigures(db, range)]);
    expect(second).toBe(first);
    const views = (figures: typeof first) => figures.totals.find((m) => m.key === 'page_views')?.total;
    expect((await collect('198.51.100.77')).statusCode).toBe(200);
    const later = await metricFigures(db, range);
    expect(later).not.toBe(first);
    expect(views(later)).toBe((views(first) ?? 0) + 1);
    const other = metricFigures(db, { ...range, start: yesterday });
    expect(other).not.toBe(metricFigures(db, range));
    await other;
  });

  it('refuses a range that ends before it starts, half a comparison, or no dates, with field errors', async () => {
    const backwards = await post('/api/analytics/totals', { start: today, end: yesterday });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.end).toEqual(['End on or after the start date.']);
    const half = await post('/api/analytics/tables', {
      start: yesterday,
      end: today,
      comparison_start: yesterday,
    });
    expect(half.json().errors.comparison_end).toEqual(['Enter a comparison end date.']);
    const none = await post('/api/analytics/totals', {});
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors).sort()).toEqual(['end', 'start']);
    expect(
      (await server.call('POST', '/api/analytics/totals', { body: { start: today, end: today } })).statusCode,
    ).toBe(401);
  });

  it('names only the date that is not one, never the order, when a range holds a date that is not a date', async () => {
    const garbled = await post('/api/analytics/totals', { start: 'garbage', end: '2026-11-02' });
    expect(garbled.statusCode).toBe(422);
    expect(garbled.json().errors).toEqual({ start: ['Enter a start date.'] });
    const comparison = await post('/api/analytics/tables', {
      start: yesterday,
      end: today,
      comparison_start: yesterday,
      comparison_end: 'soon',
    });
    expect(comparison.statusCode).toBe(422);
    expect(comparison.json().errors).toEqual({ comparison_end: ['Enter a comparison end date.'] });
  });

  it('shows a role only the figures of the areas it may view, and a role without the dashboard none', async () => {
    const keysFor = async (role: string) => {
      const { token } = await signedInAs(server, role);
      const res = await server.call('POST', '/api/analytics/totals', {
        token,
        body: { start: today, end: today },
      });
      return res.statusCode === 200 ? res.json().data.map((m: { key: string }) => m.key) : res.statusCode;
    };
    // Marketing reads no enquiries or reservations: counting them would tell it what it may not view.
    expect(await keysFor('Marketing')).toEqual(['page_views', 'visitors']);
    expect(await keysFor('Sales')).toEqual([
      'enquiries',
      'reservations',
      'reservation_value',
      'page_views',
      'visitors',
    ]);
    const tables = await server.call('POST', '/api/analytics/tables', {
      token: (await signedInAs(server, 'Marketing')).token,
      body: { start: today, end: today },
    });
    expect(tables.json().data.map((t: { key: string }) => t.key)).toEqual(['page_views', 'visitors']);
  });

  it('refuses an empty page view and limits one address to a page view a second, with Retry-After', async () => {
    expect((await server.call('POST', '/api/analytics/collect', { body: { path: '' } })).statusCode).toBe(
      422,
    );
    const statuses: number[] = [];
    for (let i = 0; i < VIEWS_PER_MINUTE + 1; i++) statuses.push((await collect('192.0.2.200')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(VIEWS_PER_MINUTE);
    const refused = await collect('192.0.2.200');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('fake visitors', () => {
  const todayTotals = async () => {
    const data = (await post('/api/analytics/totals', { start: today, end: today })).json().data;
    const byKey = Object.fromEntries(data.map((m: { key: string; total: number }) => [m.key, m.total]));
    return { views: byKey.page_views as number, visitors: byKey.visitors as number };
  };

  it(`counts at most ${VISITORS_PER_ADDRESS} visitors a day from one address, whatever browser it claims`, async () => {
    const before = await todayTotals();
    const flood = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        collect('203.0.113.9', `Mozilla/5.0 (X11; Linux) Firefox/${100 + i}`),
      ),
    );
    expect(flood.map((res) => res.statusCode)).toEqual(Array(40).fill(200));
    const after = await todayTotals();
    expect(after.views - before.views).toBe(40);
    expect(after.visitors - before.visitors).toBe(VISITORS_PER_ADDRESS);
    // Another address is counted as usual.
    await collect('203.0.113.10', 'Mozilla/5.0 (X11; Linux) Firefox/100');
    expect((await todayTotals()).visitors - after.visitors).toBe(1);
  });

  it('answers declared bots and agent-less callers with 200 and counts nothing of theirs', async () => {
    const before = await todayTotals();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'facebookexternalhit/1.1',
      'SomeCrawler/1.0',
      '',
    ]) {
      const res = await collect('203.0.113.20', agent);
      expect(res.statusCode, agent).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    expect(await todayTotals()).toEqual(before);
  });

  it("keeps no visitor's address in the database", async () => {
    await collect('203.0.113.77', 'Mozilla/5.0 Stored');
    const db = server.database.db;
    const tables = await Promise.all(
      [analyticsVisitors, analyticsAddresses, analyticsSalts, rateWindows].map((table) =>
        db.select().from(table),
      ),
    );
    const stored = JSON.stringify(tables);
    expect(stored).toContain('collect:');
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toContain('Stored');
  });
});

describe('the daily salt', () => {
  it('is forgotten with the hashes of its day once the next day begins', async () => {
    const db = server.database.db;
    const tomorrow = new Date(Date.now() + 86_400_000);
    await createPageViewCounter(db).collect({ ip: '203.0.113.5', agent: 'Mozilla/5.0 Tomorrow' }, tomorrow);
    const next = tomorrow.toISOString().slice(0, 10);
    for (const table of [analyticsSalts, analyticsVisitors, analyticsAddresses]) {
      const days = new Set((await db.select({ day: table.day }).from(table)).map((row) => row.day));
      expect([...days]).toEqual([next]);
    }
  });
});
