import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { MetricTable, MetricTotal } from '@/api/contract/analytics';
import { NOTHING_SCHEDULED } from '@/screens/dashboard/ScheduleCard';
import { NOTHING_WAITING } from '@/screens/dashboard/WaitingCard';
import { formatDate } from '@/shared/format';
import { signedInAdmin } from './admin';
import { apiRequest } from './api';
import { expectNoAxeViolations, field, hasChromium, requestGate } from './browser';

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

describe.skipIf(!hasChromium)('dashboard', () => {
  const admin = signedInAdmin();
  let page: Page;

  const metric = (name: string) => page.getByRole('region', { name, exact: true });
  const totals = async (body: Record<string, string>) =>
    (await apiRequest<{ data: MetricTotal[] }>(admin.token, 'POST', 'analytics/totals', body)).data;

  it('keeps the date ranges in their place on a phone while the schedule and the review queue load', async () => {
    const phone = await admin.newPage();
    try {
      await phone.setViewportSize({ width: 412, height: 823 });
      // Both cards' answers are held until the ranges show, then answered with nothing, the usual case.
      const gate = requestGate();
      await gate.hold(phone, '**/api/pages/schedule**', { data: [] });
      await gate.hold(phone, '**/api/pages/waiting**', { data: [], stage_medians: [] });
      await phone.goto('/dashboard');
      const ranges = phone.getByRole('form', { name: 'Date ranges' });
      await ranges.waitFor();
      await phone.getByRole('status', { name: 'Loading the schedule' }).waitFor();
      const before = (await ranges.boundingBox())?.y;
      gate.release();
      await phone.getByText(NOTHING_SCHEDULED).waitFor();
      await phone.getByText(NOTHING_WAITING).waitFor();
      expect((await ranges.boundingBox())?.y).toBe(before);
    } finally {
      await phone.close();
    }
  });

  it('shows a total box with a described chart per metric for the last 30 days', async () => {
    const dates = await apiRequest<{ start: string; end: string }>(
      admin.token,
      'POST',
      'analytics/dates',
      {},
    );
    const expected = await totals(dates);
    page = await admin.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await metric('Page views').waitFor();
    expect(await field(page, 'Start').inputValue()).toBe(dates.start);
    expect(await field(page, 'End').inputValue()).toBe(dates.end);
    for (const m of expected) {
      const box = metric(m.title);
      expect(await box.getByRole('heading', { level: 2 }).textContent()).toBe(m.title);
      expect(await box.textContent()).toContain(new Intl.NumberFormat('en-GB').format(m.total));
      const chart = box.getByRole('img', {
        name: new RegExp(`^${m.title.replace(/[()£]/g, '.')}, per day\\. 30 days from`),
      });
      expect(await chart.count()).toBe(1);
      // The line is drawn once its chunk has loaded, and is there to see: what lies at the
      // middle of the chart's box is the drawing, not something over it or a box cut to nothing.
      await chart.locator('svg').first().waitFor();
      expect(await chart.evaluate((box) => box.getBoundingClientRect().height)).toBeGreaterThanOrEqual(100);
      expect(
        await chart.evaluate((box) => {
          box.scrollIntoView({ block: 'center' });
          const { left, top, width, height } = box.getBoundingClientRect();
          return document.elementFromPoint(left + width / 2, top + height / 2)?.closest('svg') != null;
        }),
      ).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('compares with Date Range 2 and closing it searches again without the comparison', async () => {
    const end = Date.now();
    const first = { start: iso(end - 6 * DAY), end: iso(end) };
    const second = { start: iso(end - 371 * DAY), end: iso(end - 365 * DAY) };
    const expected = await totals({ ...first, comparison_start: second.start, comparison_end: second.end });
    const views = expected.find((m) => m.key === 'page_views')!;

    page = await admin.newPage();
    await page.goto('/dashboard');
    await metric('Page views').waitFor();
    await field(page, 'Start').fill(first.start);
    await field(page, 'End').fill(first.end);
    await page.getByRole('button', { name: 'Open Date Range 2' }).click();
    // Focus goes to the range just opened, not to the button that now closes it.
    await expect
      .poll(() => field(page, 'Comparison start').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await field(page, 'Comparison start').fill(second.start);
    await field(page, 'Comparison end').fill(second.end);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const comparison = metric('Page views').getByRole('heading', { name: 'Comparison' });
    await comparison.waitFor();
    expect(await metric('Page views').textContent()).toContain(
      new Intl.NumberFormat('en-GB').format(views.comparison_total!),
    );
    expect(
      await metric('Page views')
        .getByRole('img', { name: /^Page views, per day/ })
        .count(),
    ).toBe(2);

    await page.getByRole('button', { name: 'Close Date Range 2' }).click();
    await comparison.waitFor({ state: 'detached' });
    expect(await field(page, 'Comparison start').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Open Date Range 2' }).count()).toBe(1);
    await page.close();
  });

  it('opens one figures table at a time, with the difference coloured or N/A', async () => {
    const end = Date.now();
    page = await admin.newPage();
    await page.goto('/dashboard');
    await metric('Visitors').waitFor();
    await field(page, 'Start').fill(iso(end - 2 * DAY));
    await field(page, 'End').fill(iso(end - DAY));
    await page.getByRole('button', { name: 'Open Date Range 2' }).click();
    await field(page, 'Comparison start').fill(iso(end - 9 * DAY));
    await field(page, 'Comparison end').fill(iso(end - 8 * DAY));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await metric('Visitors').getByRole('heading', { name: 'Comparison' }).waitFor();

    // Each box's button names its metric.
    await metric('Visitors').getByRole('button', { name: 'Open Figures: Visitors', exact: true }).click();
    const visitors = page.getByRole('table', { name: 'Visitors figures' });
    await visitors.waitFor();
    const headers = await visitors.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Day', 'Total', 'Comparison day', 'Comparison total', 'Difference']);
    const difference = await visitors.getByRole('row').nth(1).getByRole('cell').last().textContent();
    expect(difference).toMatch(/^([+-]?[\d.,]+%|N\/A)$/);

    // Every cell is the API's figure for the same ranges, as the user reads it.
    const body = {
      start: iso(end - 2 * DAY),
      end: iso(end - DAY),
      comparison_start: iso(end - 9 * DAY),
      comparison_end: iso(end - 8 * DAY),
    };
    const tables = await apiRequest<{ data: MetricTable[] }>(admin.token, 'POST', 'analytics/tables', body);
    const expected = tables.data.find((table) => table.key === 'visitors')!;
    const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });
    const shown = (header: string, value: unknown) => {
      if (value === null || value === undefined) return 'N/A';
      if (header === 'day' || header === 'comparison_day') return formatDate(String(value));
      if (header === 'difference') return `${Number(value) > 0 ? '+' : ''}${number.format(Number(value))}%`;
      return number.format(Number(value));
    };
    const rows = await visitors.getByRole('row').all();
    const cells = await Promise.all(rows.slice(1).map((row) => row.getByRole('cell').allTextContents()));
    expect(cells).toEqual(
      expected.data.map((row) => expected.headers.map((header) => shown(header, row[header]))),
    );

    await metric('Enquiries').getByRole('button', { name: 'Open Figures' }).click();
    await page.getByRole('table', { name: 'Enquiries figures' }).waitFor();
    await visitors.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Close Figures' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Close Figures' }).click();
    await page.getByRole('table').waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows the field error when a range ends before it starts', async () => {
    page = await admin.newPage();
    await page.goto('/dashboard');
    await metric('Visitors').waitFor();
    await field(page, 'Start').fill('2026-05-10');
    await field(page, 'End').fill('2026-05-01');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('End on or after the start date.').waitFor();
    await page.close();
  });
});
