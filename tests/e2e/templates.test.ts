import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../api/server-process';
import { apiRequest, apiToken, BRAND_MANAGER_ROLE, createUser, listBrands, uniqueToken } from './api';
import {
  descriptionOf,
  expectNoAxeViolations,
  field,
  hasChromium,
  launchBrowser,
  signedInContext,
} from './browser';

interface TemplateRow {
  id: number;
  name: string;
  locked: 0 | 1;
}

describe.skipIf(!hasChromium)('templates list', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await signedInContext(browser);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });

  it('opens from the sidebar with each template, its lock and its edit link', async () => {
    const token = await apiToken();
    const { templates } = await apiRequest<{ templates: { data: TemplateRow[] } }>(token, 'GET', 'templates');
    expect(templates.data.length).toBeGreaterThan(0);

    page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL(/\/templates$/);
    await page.getByRole('heading', { level: 1, name: 'Templates' }).waitFor();
    expect(await page.title()).toBe('Templates · Dealership Console');
    for (const template of templates.data) {
      const row = rowOf(template.name);
      await row.waitFor();
      const shown = template.locked ? 'Locked' : 'Unlocked';
      const hidden = template.locked ? 'Unlocked' : 'Locked';
      expect(await row.getByRole('img', { name: shown, exact: true }).count()).toBe(1);
      expect(await row.getByRole('img', { name: hidden, exact: true }).count()).toBe(0);
      expect(await row.getByRole('link', { name: `Edit ${template.name}` }).getAttribute('href')).toBe(
        `/templates/edit/${template.id}`,
      );
    }
    expect(templates.data.some((t) => t.locked === 1)).toBe(true);
    expect(templates.data.some((t) => t.locked === 0)).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('searches by name and says so when nothing matches', async () => {
    page = await context.newPage();
    await page.goto('/templates');
    await rowOf('Offer page').waitFor();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('offer');
    await rowOf('New car model').waitFor({ state: 'detached' });
    await rowOf('Offer page').waitFor();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill('no such template anywhere');
    await page.getByText('Oops! No results...').waitFor();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).click();
    await rowOf('New car model').waitFor();
  });

  it('shows a user of one brand every template the page builder offers them, each read-only', async () => {
    const token = await apiToken();
    const brand = (await listBrands(token)).brands.data[0];
    const email = `brand.templates.${uniqueToken().toLowerCase()}@example.com`;
    const password = 'Brand-Manager-Pass-2024';
    await createUser(token, {
      name: 'Tess Templates',
      email,
      password,
      role_id: BRAND_MANAGER_ROLE,
      scope: { brand_ids: brand ? [brand.id] : [], dealership_ids: [] },
    });
    // What the page builder's Child template select offers them.
    const picker = await apiRequest<{ data: { id: number; name: string }[] }>(
      await apiToken(email, password),
      'GET',
      'templates/list',
    );
    expect(picker.data.length).toBeGreaterThan(0);

    const theirs = await signedInContext(browser, email, password);
    try {
      page = await theirs.newPage();
      await page.goto('/dashboard');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click();
      for (const template of picker.data) await rowOf(template.name).waitFor();
      expect(await page.getByRole('link', { name: 'Add Template' }).count()).toBe(0);

      const [first] = picker.data;
      await page.getByRole('link', { name: `Edit ${first?.name}`, exact: true }).click();
      await page.waitForURL(`**/templates/edit/${first?.id}`);
      await expect.poll(() => field(page, 'Name').inputValue()).toBe(first?.name);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      expect(await save.getAttribute('aria-disabled')).toBe('true');
      expect(await descriptionOf(save)).toContain('Your role, Brand manager, cannot change templates.');
    } finally {
      await theirs.close();
    }
  });

  describe('on a site without templates', () => {
    let dataDir: string;
    let server: ServerProcess;
    let empty: BrowserContext;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'console-e2e-empty-'));
      server = await startServerProcess({
        DATA_DIR: dataDir,
        SEED: '0',
        ADMIN_EMAIL: inject('adminEmail'),
        ADMIN_PASSWORD: inject('adminPassword'),
      });
      empty = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
      empty.setDefaultTimeout(15_000);
    }, 120_000);
    afterAll(async () => {
      await empty?.close();
      server?.child.kill('SIGTERM');
      await server?.exited;
      await rm(dataDir, { recursive: true, force: true });
    });

    it("says 'There is no templates available.'", async () => {
      const signIn = await empty.newPage();
      await signIn.goto('/');
      await field(signIn, 'Email').fill(inject('adminEmail'));
      await field(signIn, 'Password').fill(inject('adminPassword'));
      await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
      await signIn.waitForURL(/\/dashboard$/);
      await signIn.goto('/templates');
      await signIn.getByText('There is no templates available.').waitFor();
      expect(await signIn.getByRole('row').filter({ hasText: 'Edit' }).count()).toBe(0);
    });
  });
});
