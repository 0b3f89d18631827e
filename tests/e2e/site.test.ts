import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetricTotal } from '@/api/contract/analytics';
import { signedInAdmin } from './admin';
import { apiRequest } from './api';
import { expectNoAxeViolations, field, hasChromium, launchBrowser } from './browser';
import { baseURL } from './server';

const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

describe.skipIf(!hasChromium)('the reference website', () => {
  const admin = signedInAdmin();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /**
   * A visitor's page, with or without JavaScript, in a browser that says it is an ordinary Chrome:
   * page views from headless browsers are not counted.
   */
  async function visitor(javaScriptEnabled: boolean): Promise<Page> {
    const context = await browser.newContext({
      baseURL: baseURL(),
      javaScriptEnabled,
      userAgent: VISITOR_AGENT,
      viewport: { width: 390, height: 844 },
    });
    context.setDefaultTimeout(15_000);
    return context.newPage();
  }

  /** Finds an enquiry by its e-mail address in the console's responses. */
  async function findInConsole(email: string, name: string) {
    const page = await admin.newPage();
    await page.goto('/responses');
    await page.getByRole('button', { name: /Form$/ }).click();
    await page.getByRole('option', { name: 'Interest Enquiry', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('handle') === 'interest-enquiry');
    await page.getByRole('row').filter({ hasText: email }).waitFor();
    expect(await page.getByRole('link', { name: `View response from ${name}` }).count()).toBe(1);
    await page.close();
  }

  const pageViews = async () => {
    const totals = await apiRequest<{ data: MetricTotal[] }>(admin.token, 'POST', 'analytics/totals', {
      start: today(),
      end: today(),
    });
    return totals.data.find((metric) => metric.key === 'page_views')!.total;
  };

  it('shows a seeded page’s blocks, and counts the visit on the dashboard', async () => {
    const before = await pageViews();
    const page = await visitor(true);
    await page.goto('/site/');
    await page.getByRole('heading', { level: 2, name: 'Your next car, from people who care' }).waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).count(),
    ).toBe(1);
    await page.getByRole('heading', { level: 2, name: 'Buying a car: your questions' }).waitFor();
    await page.getByText('Can I part-exchange my current car?').click();
    await page.getByText('we honour it for seven days').waitFor();
    await expectNoAxeViolations(page);
    await expect.poll(pageViews, { timeout: 10_000 }).toBeGreaterThan(before);
    const after = await pageViews();
    await page.context().close();

    const dashboard = await admin.newPage();
    await dashboard.goto('/dashboard');
    const views = dashboard.getByRole('region', { name: 'Page views', exact: true });
    // The default range's figures first: a search sent while the screen still loads is overtaken.
    await expect.poll(() => views.textContent(), { timeout: 10_000 }).toMatch(/Page views\d/);
    await field(dashboard, 'Start').fill(today());
    await field(dashboard, 'End').fill(today());
    await dashboard.getByRole('button', { name: 'Search', exact: true }).click();
    await expect
      .poll(() => views.textContent(), { timeout: 10_000 })
      .toContain(new Intl.NumberFormat('en-GB').format(after));
    await dashboard.close();
  });

  it('sends the embedded form with JavaScript: errors in place, then the thank-you message', async () => {
    const page = await visitor(true);
    await page.goto('/site/contact-us');
    const form = page.getByRole('form', { name: 'Interest Enquiry' });
    await form.getByLabel('Email', { exact: true }).fill('not an address');
    await form.getByRole('button', { name: 'Send' }).click();
    const summary = page.getByRole('heading', { name: 'There is a problem' });
    await summary.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className))
      .toBe('site-error-summary');
    expect(await form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe('not an address');
    // The summary names each field, and each entry leads to it.
    expect(await page.locator('.site-error-summary a').allTextContents()).toEqual([
      'Name: This field is required.',
      'Email: Enter a valid e-mail address.',
    ]);

    await form.getByLabel('Name', { exact: true }).fill('Jamie Script');
    await form.getByLabel('Email', { exact: true }).fill('jamie.js@example.com');
    await form.getByRole('button', { name: 'Send' }).click();
    const thanks = page.locator('.site-thank-you h3');
    await thanks.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H3');
    expect(page.url()).toMatch(/\/site\/contact-us$/);
    await page.context().close();
    await findInConsole('jamie.js@example.com', 'Jamie Script');
  });

  it('sends the embedded form without JavaScript: the page again with errors, then the thank-you page', async () => {
    const page = await visitor(false);
    await page.goto('/site/contact-us');
    const form = page.getByRole('form', { name: 'Interest Enquiry' });
    await form.getByLabel('Name', { exact: true }).fill('Nadia Noscript');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Nadia Noscript');
    expect(await form.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Email', { exact: true }).fill('nadia.nojs@example.com');
    await form.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/site\/contact-us\?sent=interest-enquiry$/);
    await page.locator('.site-thank-you h3').waitFor();
    await page.context().close();
    await findInConsole('nadia.nojs@example.com', 'Nadia Noscript');
  });

  it('gives back a form too long to send without JavaScript as the page again, saying so, with the answers kept', async () => {
    const page = await visitor(false);
    await page.goto('/site/contact-us');
    const form = page.getByRole('form', { name: 'Interest Enquiry' });
    await form.getByLabel('Name', { exact: true }).fill('Lorna Longform');
    await form.getByLabel('Derivative (optional)', { exact: true }).fill('Sportage GT-Line, '.repeat(4000));
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'There is a problem' }).waitFor();
    await page.getByText('Your message is too long to send. Shorten it and send it again.').waitFor();
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Lorna Longform');
    expect(await form.getByLabel('Derivative (optional)', { exact: true }).inputValue()).toHaveLength(5000);
    await page.context().close();
  });
});
