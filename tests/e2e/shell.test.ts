import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createBrand, createDealership, deleteForGood, uniqueToken } from './api';
import {
  descriptionOf,
  expectNoAxeViolations,
  hasChromium,
  launchBrowser,
  newPage,
  signedInContext,
  signedInPage,
  signIn,
} from './browser';
import { confirmDialog, openList, searchBox, searchFor, tab } from './users-list';

/** What has focus, as a screen reader would name it: its role or tag and its accessible name. */
interface Focused {
  tag: string;
  id: string;
  name: string;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return { tag: 'none', id: '', name: '' };
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
    };
  });
}

/** Waits until focus is on an element like `expected`, then compares, so a failure shows where focus went. */
async function expectFocus(page: Page, expected: Partial<Focused>): Promise<void> {
  await page
    .waitForFunction(
      (want) => {
        const element = document.activeElement;
        if (!element) return false;
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        return (
          (want.tag === undefined || element.tagName.toLowerCase() === want.tag) &&
          (want.id === undefined || element.id === want.id) &&
          (want.name === undefined || name === want.name)
        );
      },
      expected,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  expect(await focused(page)).toMatchObject(expected);
}

/** The polite announcements standing in the app's live region, oldest first. */
function announcements(page: Page): Promise<string[]> {
  return page
    .locator('[data-announcer] > *')
    .evaluateAll((lines) => lines.map((line) => (line.textContent ?? '').trim()));
}

async function expectAnnounced(page: Page, message: string): Promise<void> {
  await page
    .waitForFunction(
      (text) =>
        Array.from(document.querySelectorAll('[data-announcer] > *')).some(
          (line) => (line.textContent ?? '').trim() === text,
        ),
      message,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  expect(await announcements(page)).toContain(message);
}

interface Fit {
  /** The page can be scrolled sideways. */
  pageScrollsSideways: boolean;
  /** Every box whose content overflows it and that scrolls (overflow auto or scroll). */
  scrollContainers: string[];
  /** Row actions whose box is not wholly inside the viewport's width. */
  actionsOutOfView: string[];
  actionCount: number;
}

/** How the screen as it is now fits the window: what scrolls, and which row actions are out of reach. */
function measureFit(page: Page): Promise<Fit> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    const scrollContainers = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          (scrolls(style.overflowY) && element.scrollHeight > element.clientHeight) ||
          (scrolls(style.overflowX) && element.scrollWidth > element.clientWidth)
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`);
    const actions = Array.from(
      document.querySelectorAll<HTMLElement>(
        'tbody a[aria-label^="Edit "], tbody button[aria-label^="Delete "]',
      ),
    );
    const actionsOutOfView = actions
      .filter((action) => {
        const box = action.getBoundingClientRect();
        return box.width === 0 || box.left < 0 || box.right > width;
      })
      .map((action) => action.getAttribute('aria-label') ?? '');
    return {
      pageScrollsSideways: document.documentElement.scrollWidth > width,
      scrollContainers,
      actionsOutOfView,
      actionCount: actions.length,
    };
  });
}

/** The document itself, or the content area alone: one scroll container for the whole page. */
function expectOneScrollContainer(fit: Fit): void {
  expect(fit.pageScrollsSideways).toBe(false);
  expect(fit.scrollContainers.filter((name) => name !== 'main#content')).toEqual([]);
}

describe.skipIf(!hasChromium)('the shell for keyboard and screen-reader users', () => {
  let browser: Browser;
  let signedIn: BrowserContext;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    signedIn = await signedInContext(browser);
    token = await apiToken();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('names the sign-in page and a page that is not there in the document title', async () => {
    const guest = await newPage(browser);
    try {
      await guest.goto('/');
      await guest.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await guest.title()).toBe('Sign in · Dealership Console');
      await guest.goto('/no-such-screen');
      await guest.getByRole('heading', { name: 'Whoops, 404!' }).waitFor();
      expect(await guest.title()).toBe('Whoops, 404! · Dealership Console');
    } finally {
      await guest.context().close();
    }
  });

  it('moves focus to the main heading, renames the title and announces the screen on a route change', async () => {
    const page = await signedIn.newPage();
    try {
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      expect(await page.title()).toBe('Dashboard · Dealership Console');
      const sidebar = page.getByRole('navigation', { name: 'Main' });

      await sidebar.getByRole('link', { name: 'Users' }).click();
      await page.waitForURL(/\/users$/);
      await expectFocus(page, { tag: 'h1', name: 'Users' });
      expect(await page.title()).toBe('Users · Dealership Console');
      await expectAnnounced(page, 'Users');

      await sidebar.getByRole('link', { name: 'Brands' }).click();
      await page.waitForURL(/\/brands$/);
      await expectFocus(page, { tag: 'h1', name: 'Brands' });
      expect(await page.title()).toBe('Brands · Dealership Console');
      await expectAnnounced(page, 'Brands');

      await page.getByRole('link', { name: 'Add brand' }).click();
      await page.waitForURL(/\/brands\/add$/);
      await expectFocus(page, { tag: 'h1', name: 'Brands' });
      expect(await page.title()).toBe('Add brand · Dealership Console');
    } finally {
      await page.close();
    }
  });

  it('moves focus to the dashboard heading after signing in', async () => {
    const page = await newPage(browser);
    try {
      await signIn(page);
      await expectFocus(page, { tag: 'h1', name: 'Dashboard' });
      expect(await page.title()).toBe('Dashboard · Dealership Console');
    } finally {
      await page.context().close();
    }
  });

  it('skips past the top bar and the sidebar to the content with the first Tab', async () => {
    const page = await signedIn.newPage();
    await openList(page, 'brands');
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await expectFocus(page, { tag: 'a', name: 'Skip to content' });
    const box = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
    expect(box && box.y >= 0 && box.x >= 0).toBe(true);

    await page.keyboard.press('Enter');
    await expectFocus(page, { tag: 'main', id: 'content' });
    // The next stop is inside the content, not the top bar's account menu or the sidebar.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.getElementById('content')?.contains(document.activeElement)),
    ).toBe(true);
    await page.close();
  });

  it('describes the confirm by its message and the names, announces a delete and keeps focus on the list', async () => {
    const run = uniqueToken();
    const alpha = `Shell ${run} Alpha`;
    const bravo = `Shell ${run} Bravo`;
    await createBrand(token, { name: alpha, slug: `shell-${run}-alpha` });
    await createBrand(token, { name: bravo, slug: `shell-${run}-bravo` });
    const page = await signedIn.newPage();
    try {
      await openList(page, 'brands');
      await searchFor(page, run, 'brands');
      await page.getByRole('checkbox', { name: `Select ${bravo}`, exact: true }).waitFor();

      await page.getByRole('button', { name: `Delete ${alpha}`, exact: true }).click();
      const dialog = confirmDialog(page);
      await dialog.waitFor();
      expect(await descriptionOf(dialog)).toBe(
        `You are about to delete brand(s) ${alpha} Are you sure you wish to continue?`,
      );
      await dialog.getByRole('button', { name: 'Yes please' }).click();
      await expectAnnounced(page, `${alpha} moved to the bin`);
      // The row below took the deleted row's place: focus is on its Delete, not on the page body.
      await expectFocus(page, { tag: 'button', name: `Delete ${bravo}` });

      await page.getByRole('button', { name: `Delete ${bravo}`, exact: true }).click();
      await confirmDialog(page).getByRole('button', { name: 'Yes please' }).click();
      await expectAnnounced(page, `${bravo} moved to the bin`);
      // Nothing left to show: focus waits in the search box.
      await expectFocus(page, { tag: 'input', name: '' });
      expect(await searchBox(page, 'brands').evaluate((box) => box === document.activeElement)).toBe(true);

      await tab(page, 'trashed').click();
      await page.getByRole('checkbox', { name: `Select ${alpha}`, exact: true }).waitFor();
      await page
        .getByRole('checkbox', { name: 'Select all', exact: true })
        .locator('xpath=ancestor::label[1]')
        .click();
      await page.getByRole('button', { name: 'Restore selected' }).click();
      await expectAnnounced(page, '2 brands restored');
      // The bin is empty now: focus waits in the search box once the list has been shown again.
      await expectFocus(page, { tag: 'input', name: '' });
      expect(await searchBox(page, 'brands').evaluate((box) => box === document.activeElement)).toBe(true);
    } finally {
      await page.close();
      await deleteForGood(token, 'brands', { search: run });
    }
  });

  it('keeps every row action in reach at 768 px, with one scroll container and the slug’s end in view', async () => {
    const run = uniqueToken();
    const slug = `northway-volkswagen-commercial-vehicles-leeds-and-bradford-${run}`;
    await createDealership(token, { name: `Northway Volkswagen Commercial Vehicles ${run}`, slug });
    const page = await signedIn.newPage();
    try {
      await page.setViewportSize({ width: 768, height: 900 });
      await openList(page, 'dealerships');
      await searchFor(page, run, 'dealerships');
      await page.getByRole('button', { name: new RegExp(`^Delete .*${run}$`) }).waitFor();
      await searchFor(page, '', 'dealerships');
      await page
        .getByRole('button', { name: /^Delete / })
        .nth(1)
        .waitFor();

      const fit = await measureFit(page);
      expect(fit.actionCount).toBeGreaterThan(2);
      expect(fit.actionsOutOfView).toEqual([]);
      expectOneScrollContainer(fit);
      // The sidebar is a rail of icons here: its links still have names.
      await expectNoAxeViolations(page);

      await searchFor(page, run, 'dealerships');
      const address = page.getByTitle(new RegExp(`${slug}$`));
      const ends = await address.evaluate((element) => {
        const outer = element.getBoundingClientRect();
        const slugPart = element.lastElementChild?.lastElementChild?.getBoundingClientRect();
        return {
          cut: element.scrollWidth > element.clientWidth,
          slugEnd: slugPart?.right ?? 0,
          boxEnd: outer.right,
        };
      });
      // Too long for its column, it is cut at the start: the end of the slug is where the column ends.
      expect(ends.cut).toBe(true);
      expect(Math.abs(ends.slugEnd - ends.boxEnd)).toBeLessThanOrEqual(1);
    } finally {
      await page.close();
      await deleteForGood(token, 'dealerships', { search: run });
    }
  });

  it('keeps every row action in reach at 1280 px when scrollbars take space', async () => {
    const classic = await launchBrowser({ classicScrollbars: true });
    try {
      const page = await signedInPage(classic);
      // Low enough that a page of the list overflows the window, so the scrollbar is there, and
      // tall enough for the whole sidebar (in a shorter window the sidebar scrolls on its own).
      await page.setViewportSize({ width: 1280, height: 800 });
      await openList(page, 'dealerships');
      await page
        .getByRole('button', { name: /^Delete / })
        .nth(1)
        .waitFor();
      // The content area overflows the window, and its scrollbar takes room from the table.
      expect(
        await page
          .locator('main#content')
          .evaluate((main) => (main instanceof HTMLElement ? main.offsetWidth - main.clientWidth : 0)),
      ).toBeGreaterThan(0);

      const fit = await measureFit(page);
      expect(fit.actionCount).toBeGreaterThan(2);
      expect(fit.actionsOutOfView).toEqual([]);
      expectOneScrollContainer(fit);
    } finally {
      await classic.close();
    }
  });
});
