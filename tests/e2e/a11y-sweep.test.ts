import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiRequest, createBrand, createDealership, createPage, createUser, uniqueToken } from './api';
import { hasChromium, launchBrowser, measureReflow, newPage, wcagViolations } from './browser';

/**
 * Every screen of the route table, and the main dialogs, visited once: no WCAG 2.2 A or AA
 * violation (axe) at 1280 px, and at 320 px nothing scrolls sideways but a data table inside its
 * own focusable, labelled region (WCAG 1.4.10 reflow).
 */

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 320, height: 640 };

/**
 * Waits until the screen has drawn its heading and nothing on it is still loading. A job's progress
 * bar (it has a value) stays on the screen once its job is done, so only spinners count.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[aria-busy="true"], [role="progressbar"]:not([aria-valuenow]), [data-skeleton]',
      ),
  );
}

/** Axe at desktop width, then reflow at 320 px, on the page as it stands; back to desktop after. */
async function expectAccessible(page: Page): Promise<void> {
  // A dialog fades in: its colours are measured once no animation that ends is still running
  // (a spinner's never does).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  expect.soft(await wcagViolations(page), `axe on ${page.url()}`).toEqual([]);
  await page.setViewportSize(NARROW);
  try {
    // Charts follow their card's width once it has settled after the resize.
    await expect
      .poll(() => measureReflow(page), { message: `reflow at 320 px on ${page.url()}`, timeout: 5_000 })
      .toEqual({ documentOverflow: null, strayScrollers: [] });
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settled(page);
  await expectAccessible(page);
}

describe.skipIf(!hasChromium)('accessibility sweep: WCAG 2.2 AA and reflow on every screen', () => {
  const admin = signedInAdmin();
  let page: Page;
  const ids = {
    user: 0,
    brand: 0,
    dealership: 0,
    parent: 0,
    child: 0,
    template: 0,
    form: 0,
    response: 0,
    reservation: 0,
  };

  beforeAll(async () => {
    const tag = uniqueToken();
    const token = admin.token;
    ids.user = await createUser(token, { name: `Sweep ${tag}`, email: `sweep-${tag}@example.com` });
    ids.brand = await createBrand(token, { name: `Sweep ${tag}`, slug: `sweep-${tag}` });
    ids.dealership = await createDealership(token, { name: `Sweep ${tag}`, slug: `sweep-${tag}` });
    ids.parent = await createPage(token, `Sweep ${tag}`, { is_allowed_children: 1 });
    ids.child = await createPage(token, `Sweep child ${tag}`, { parent: ids.parent });
    const templates = await apiRequest<{ templates: { data: { id: number }[] } }>(token, 'GET', 'templates');
    ids.template = templates.templates.data[0]!.id;
    const forms = await apiRequest<{ data: { id: number }[] }>(token, 'GET', 'forms');
    ids.form = forms.data[0]!.id;
    const responses = await apiRequest<{ responses: { data: { id: number }[] } }>(token, 'GET', 'responses');
    ids.response = responses.responses.data[0]!.id;
    const reservations = await apiRequest<{ reservations: { data: { id: number }[] } }>(
      token,
      'GET',
      'reservations',
    );
    ids.reservation = reservations.reservations.data[0]!.id;
    page = await admin.newPage();
  });

  it('signs in accessibly', async () => {
    const browser = await launchBrowser();
    try {
      const signedOut = await newPage(browser);
      await visit(signedOut, '/');
    } finally {
      await browser.close();
    }
  });

  const screens: Array<[string, () => string]> = [
    ['dashboard', () => '/dashboard'],
    ['users', () => '/users'],
    ['add user', () => '/users/add'],
    ['edit user', () => `/users/edit/${ids.user}`],
    ['roles', () => '/roles'],
    ['add role', () => '/roles/add'],
    // The seeded Group administrator role.
    ['edit role', () => '/roles/edit/1'],
    ['brands', () => '/brands'],
    ['add brand', () => '/brands/add'],
    ['edit brand', () => `/brands/edit/${ids.brand}`],
    ['dealerships', () => '/dealerships'],
    ['add dealership', () => '/dealerships/add'],
    ['edit dealership', () => `/dealerships/edit/${ids.dealership}`],
    ['pages', () => '/pages'],
    ['import pages', () => '/pages/import'],
    ['children pages', () => `/pages/children/${ids.parent}`],
    ['add page', () => '/pages/add'],
    ['add child page', () => `/pages/add/${ids.parent}`],
    ['templates', () => '/templates'],
    ['add template', () => '/templates/add'],
    ['edit template', () => `/templates/edit/${ids.template}`],
    ['forms', () => '/forms'],
    ['import forms', () => '/forms/import'],
    ['children forms', () => `/forms/children/${ids.form}`],
    ['add form', () => '/forms/add'],
    ['add child form', () => `/forms/add/${ids.form}`],
    ['edit form', () => `/forms/edit/${ids.form}`],
    ['responses', () => '/responses'],
    ['response', () => `/responses/${ids.response}`],
    ['reservations', () => '/reservations'],
    ['reservation', () => `/reservations/${ids.reservation}`],
    ['settings', () => '/settings'],
    ['activity', () => '/activity'],
    ['not found', () => '/no-such-screen'],
  ];

  it.each(screens)('%s', async (_name, path) => {
    await visit(page, path());
  });

  it('edit page, with a block open', async () => {
    await page.goto(`/pages/edit/${ids.child}`);
    await settled(page);
    await page.getByRole('button', { name: /Block type/ }).click();
    await page.getByRole('option', { name: 'Call to action', exact: true }).click();
    await page.getByRole('button', { name: 'Add block' }).click();
    const edit = page.getByRole('button', { name: 'Edit Call to action' });
    if (!(await page.getByRole('region', { name: 'Edit Call to action' }).count())) await edit.click();
    await page.getByRole('region', { name: 'Edit Call to action' }).waitFor();
    await expectAccessible(page);
  });

  it('the delete confirm on a list', async () => {
    await page.goto('/users');
    await settled(page);
    // The drawn box over the hidden input takes the click, as it does for a user.
    await page.getByRole('row').nth(1).locator('label:has(input[type="checkbox"])').click();
    await page
      .getByRole('button', { name: /^Delete/ })
      .first()
      .click();
    await page.getByRole('alertdialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  });

  it('the move and duplicate dialogs of the page tree', async () => {
    await page.goto(`/pages/children/${ids.parent}`);
    await settled(page);
    await page
      .getByRole('button', { name: /^Move Page: / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /^Duplicate Page: / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('the export dialog and a totals breakdown of the responses', async () => {
    await page.goto('/responses');
    await settled(page);
    await page.getByRole('button', { name: 'View more' }).first().click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /^Export/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});
