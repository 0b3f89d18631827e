import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { apiToken } from './api';
import { launchBrowser, signedInContext } from './browser';

export interface SignedInAdmin {
  /** The first admin's API token, for setting data up and reading what the API answers. */
  readonly token: string;
  /** A new page, already signed in as the first admin. */
  newPage: () => Promise<Page>;
  /** A new page in a context of its own, signed in as someone else (a user who may not): close its context after. */
  pageAs: (email: string, password: string) => Promise<Page>;
}

/**
 * The first admin, signed in to a browser and to the API for the tests of the describe block that
 * calls it: started before them, closed after them.
 */
export function signedInAdmin(): SignedInAdmin {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
    context = await signedInContext(browser);
    token = await apiToken();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The signed-in admin is ready only inside the tests.');
    return value;
  };
  return {
    get token() {
      return started(token);
    },
    newPage: () => started(context).newPage(),
    pageAs: async (email, password) => (await signedInContext(started(browser), email, password)).newPage(),
  };
}

/** The texts of a table's column headers, as a user reads them (empty ones left out). */
export async function columnHeaders(page: Page): Promise<string[]> {
  return (await page.getByRole('columnheader').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}
