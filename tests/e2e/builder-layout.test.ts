import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { createPage, uniqueToken } from './api';
import { field, hasChromium } from './browser';

/** Where the page's settings and its blocks stand, and what sticks out of the window. */
interface BuilderFit {
  pageScrollsSideways: boolean;
  /** Boxes that scroll because their content overflows them, other than the content area. */
  otherScrollContainers: string[];
  /** Go back and Save: wholly inside the window's width. */
  headerActionsInView: boolean;
  settings: { left: number; top: number; right: number };
  blocks: { left: number; top: number };
}

function measureBuilder(page: Page): Promise<BuilderFit> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (value: string) => value === 'auto' || value === 'scroll';
    const otherScrollContainers = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.id !== 'content')
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          (scrolls(style.overflowY) && element.scrollHeight > element.clientHeight) ||
          (scrolls(style.overflowX) && element.scrollWidth > element.clientWidth)
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    const header = document.querySelector('main header');
    const actions = Array.from(header?.querySelectorAll<HTMLElement>('a, button') ?? []);
    const settings = document.querySelector('section[aria-label="Page settings"]');
    const blocks = document.getElementById('builder-items-title')?.closest('section') ?? null;
    const box = (element: Element | null) => element?.getBoundingClientRect() ?? new DOMRect();
    return {
      pageScrollsSideways: document.documentElement.scrollWidth > width,
      otherScrollContainers,
      headerActionsInView:
        actions.length >= 2 &&
        actions.every((action) => {
          const rect = action.getBoundingClientRect();
          return rect.width > 0 && rect.left >= 0 && rect.right <= width;
        }),
      settings: { left: box(settings).left, top: box(settings).top, right: box(settings).right },
      blocks: { left: box(blocks).left, top: box(blocks).top },
    };
  });
}

describe.skipIf(!hasChromium)('the builder layout', () => {
  const admin = signedInAdmin();
  let id: number;

  beforeAll(async () => {
    id = await createPage(admin.token, `Layout ${uniqueToken()}`);
  });

  async function openBuilder(): Promise<Page> {
    const page = await admin.newPage();
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page', level: 1 }).waitFor();
    return page;
  }

  it('has no sidebar, keeps the home link and the user menu, and Go back returns to the pages', async () => {
    const page = await openBuilder();
    try {
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Dealership Console' }).getAttribute('href')).toBe(
        '/dashboard',
      );

      const account = page.getByRole('button', { name: /^Account: / });
      await account.click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Profile', 'View as…', 'Logout']);
      await menu.getByRole('menuitem', { name: 'Profile' }).click();
      await page.waitForURL(/\/users\/edit\/\d+$/);
      await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
      // The user's own screen is in the default layout, sidebar and all.
      await page.getByRole('navigation', { name: 'Main' }).waitFor();

      await page.goBack();
      await page.getByRole('heading', { name: 'Edit Page', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Go back' }).click();
      await page.waitForURL(/\/pages$/);
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    } finally {
      await page.close();
    }
  });

  it('asks before Profile in the user menu leaves unsaved changes', async () => {
    const page = await openBuilder();
    try {
      await field(page, 'Meta title').fill('Not saved');
      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
      const prompt = page.getByRole('alertdialog', { name: 'Unsaved changes' });
      await prompt.getByRole('button', { name: 'Stay' }).click();
      await prompt.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/pages/edit/${id}`);
      expect(await field(page, 'Meta title').inputValue()).toBe('Not saved');

      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Profile' }).click();
      await prompt.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL(/\/users\/edit\/\d+$/);
    } finally {
      await page.close();
    }
  });

  it('names the screen, moves focus to its heading and skips to the content, as the default layout does', async () => {
    const page = await openBuilder();
    try {
      // Opened afresh (no unsaved work of an earlier test offered back, which would take focus first),
      // the first Tab stops at the skip link, which leads past the top bar.
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage))
          if (key.startsWith('builder-draft:')) localStorage.removeItem(key);
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Edit Page', level: 1 }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');

      expect(await page.title()).toMatch(/^Layout \w+ · Edit page · Dealership Console$/);
      await page.getByRole('link', { name: 'Go back' }).click();
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      await page.goBack();
      await page.waitForFunction(
        () => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Edit Page',
      );
      expect(await page.title()).toMatch(/^Layout \w+ · Edit page · Dealership Console$/);
      await page
        .locator('[data-announcer] > *')
        .filter({ hasText: /^Edit page$/ })
        .waitFor({ state: 'attached' });
    } finally {
      await page.close();
    }
  });

  it('gives the settings and the blocks the whole width at 1280 px, one above the other at 768 px', async () => {
    const page = await openBuilder();
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      const wide = await measureBuilder(page);
      expect(wide.pageScrollsSideways).toBe(false);
      expect(wide.otherScrollContainers).toEqual([]);
      expect(wide.headerActionsInView).toBe(true);
      // Side by side, the settings start at the window's edge (no sidebar before them).
      expect(wide.settings.left).toBeLessThan(40);
      expect(wide.blocks.left).toBeGreaterThan(wide.settings.right);

      await page.setViewportSize({ width: 768, height: 1024 });
      const narrow = await measureBuilder(page);
      expect(narrow.pageScrollsSideways).toBe(false);
      expect(narrow.otherScrollContainers).toEqual([]);
      expect(narrow.headerActionsInView).toBe(true);
      expect(narrow.blocks.left).toBe(narrow.settings.left);
      expect(narrow.blocks.top).toBeGreaterThan(narrow.settings.top);
    } finally {
      await page.close();
    }
  });
});
