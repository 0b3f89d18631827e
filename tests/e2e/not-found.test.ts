import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { hasChromium } from './browser';

/** An id no record of any kind has. */
const MISSING = 987654;

/** Every screen of spec §2 that opens one record, and what it calls the record. */
const screens: { path: string; noun: string }[] = [
  { path: `/users/edit/${MISSING}`, noun: 'user' },
  { path: `/brands/edit/${MISSING}`, noun: 'brand' },
  { path: `/dealerships/edit/${MISSING}`, noun: 'dealership' },
  { path: `/pages/edit/${MISSING}`, noun: 'page' },
  { path: `/pages/children/${MISSING}`, noun: 'page' },
  { path: `/templates/edit/${MISSING}`, noun: 'template' },
  { path: `/forms/edit/${MISSING}`, noun: 'form' },
  { path: `/forms/children/${MISSING}`, noun: 'form' },
];

describe.skipIf(!hasChromium)('a record that is not there', () => {
  const admin = signedInAdmin();
  let page: Page;

  beforeEach(async () => {
    page = await admin.newPage();
    return () => page.close();
  });

  const notFoundHeading = () => page.getByRole('heading', { name: 'Oops! Page not found.', exact: true });

  it('is named not found in the document title, until the way back leads on', async () => {
    for (const { path, noun } of screens) {
      await page.goto(path);
      await notFoundHeading().waitFor();
      expect(await page.title(), path).toBe('Oops! Page not found. · Dealership Console');
      await page.getByRole('link', { name: `View all ${noun}s`, exact: true }).click();
      await notFoundHeading().waitFor({ state: 'detached' });
      await expect.poll(() => page.title(), { message: path }).not.toContain('Oops!');
    }
  });

  it("says so in the spec's words, whatever the record", async () => {
    for (const { path, noun } of screens) {
      await page.goto(path);
      await notFoundHeading().waitFor();
      const message = `The ${noun} you are trying to locate clearly doesn't exist...`;
      expect(await page.getByText(message, { exact: true }).count(), path).toBe(1);
    }
  });
});
