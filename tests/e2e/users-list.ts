import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { type LifecycleKey, lifecycleAreas } from '@/api/contract/all';
import { awaitedLater } from './browser';

/**
 * The users list as a staff member sees it: what it shows (tabs, rows, bulk bar, dialog) and what
 * they do with it (search, switch tabs, tick rows, press the row and bulk actions). The brands and
 * dealerships lists are the same list: the functions that differ by area take its plural noun.
 */

/** The plural noun of a list with a bin (an area the contract declares one): its route and its search box say it. */
export type ListNoun = LifecycleKey;

/** The `GET /api/users?…` list call (not users/show, users/delete, …), at the path the contract gives it. */
export function isListCall(url: string, many: ListNoun = 'users'): boolean {
  return new URL(url).pathname === `/api/${lifecycleAreas[many].list.path}`;
}

export function searchParam(url: string): string {
  return new URL(url).searchParams.get('search') ?? '';
}

export function searchBox(page: Page, many: ListNoun = 'users'): Locator {
  return page.getByRole('searchbox', { name: `Search ${many}` });
}

export function tab(page: Page, view: 'all' | 'trashed'): Locator {
  return page.getByRole('tab', { name: view === 'all' ? /^All( \(\d+\))?$/ : /^Bin( \(\d+\))?$/ });
}

export function confirmDialog(page: Page): Locator {
  return page.getByRole('alertdialog');
}

export function bulkBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Bulk actions' });
}

/** Opens /users and waits for the first page of the list. */
export function openUsers(page: Page): Promise<void> {
  return openList(page, 'users');
}

/** Opens /users, /brands or /dealerships (or `route`, where it lives elsewhere) and waits for the first page. */
export async function openList(page: Page, many: ListNoun, route = `/${many}`): Promise<void> {
  const loaded = awaitedLater(
    page.waitForResponse((response) => isListCall(response.url(), many) && response.ok()),
  );
  await page.goto(route);
  await loaded;
  // The counts arrive with the rows, in the same render.
  await page.getByRole('tab', { name: /^All \(\d+\)$/ }).waitFor();
}

/** Types a search and waits until the list answered it. */
export async function searchFor(page: Page, text: string, many: ListNoun = 'users'): Promise<Response> {
  const answered = awaitedLater(
    page.waitForResponse(
      (response) => isListCall(response.url(), many) && searchParam(response.url()) === text,
    ),
  );
  await searchBox(page, many).fill(text);
  return answered;
}

/** The names of the rows on screen, top to bottom (from each row's 'Edit <name>' link). */
export function rowNames(page: Page): Promise<string[]> {
  return page
    .locator('table a[aria-label^="Edit "]')
    .evaluateAll((links) =>
      links.map((link) => (link.getAttribute('aria-label') ?? '').slice('Edit '.length)),
    );
}

/** Waits until the rows on screen are exactly these, then fails with the difference if they never are. */
export async function waitForRowNames(page: Page, expected: string[], timeout = 10_000): Promise<void> {
  try {
    await page.waitForFunction(
      (names) =>
        JSON.stringify(
          Array.from(document.querySelectorAll('table a[aria-label^="Edit "]')).map((link) =>
            (link.getAttribute('aria-label') ?? '').slice('Edit '.length),
          ),
        ) === JSON.stringify(names),
      expected,
      { timeout },
    );
  } catch {
    expect(await rowNames(page), 'the rows of the users list').toEqual(expected);
  }
}

/** The tab labels as shown: ['All (37)', 'Bin (4)']. */
export async function tabLabels(page: Page): Promise<string[]> {
  return (await page.getByRole('tab').allInnerTexts()).map((text) => text.trim());
}

export async function waitForTabLabels(page: Page, all: number, bin: number): Promise<void> {
  const names = [`All (${all})`, `Bin (${bin})`];
  try {
    await page.getByRole('tab', { name: names[0], exact: true }).waitFor({ timeout: 10_000 });
    await page.getByRole('tab', { name: names[1], exact: true }).waitFor({ timeout: 10_000 });
  } catch {
    expect(await tabLabels(page), 'the tabs of the users list').toEqual(names);
  }
}

/** Ticks or unticks a row by pressing its checkbox, as a pointer user does (the input itself is hidden). */
export async function toggleRow(page: Page, name: string): Promise<void> {
  await page
    .getByRole('checkbox', { name: `Select ${name}`, exact: true })
    .locator('xpath=ancestor::label[1]')
    .click();
}

export async function toggleAllRows(page: Page): Promise<void> {
  await page
    .getByRole('checkbox', { name: 'Select all', exact: true })
    .locator('xpath=ancestor::label[1]')
    .click();
}
