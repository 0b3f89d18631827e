import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import {
  apiRequest,
  createUser,
  deleteUsers,
  GROUP_ADMINISTRATOR_ROLE,
  READ_ONLY_ROLE,
  uniqueToken,
} from './api';
import { field, hasChromium } from './browser';

const password = 'Session-Ended-Pass-1';

interface SignedInElsewhere {
  id: number;
  email: string;
  name: string;
  page: Page;
  /** What the page threw, as it threw it. */
  errors: string[];
  /** Clicks the sidebar's link to an area, where it was drawn while the session lasted. */
  clickSidebarLink: () => Promise<void>;
}

/** A new group administrator, signed in to the console in a browser of their own on the dashboard. */
async function signedInElsewhere(
  admin: ReturnType<typeof signedInAdmin>,
  linkName: string,
): Promise<SignedInElsewhere> {
  const email = `session.ended.${uniqueToken()}@example.com`;
  const name = `Session Ended ${uniqueToken()}`;
  const id = await createUser(admin.token, { name, email, password, role_id: GROUP_ADMINISTRATOR_ROLE });
  const page = await admin.pageAs(email, password);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/dashboard');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: linkName });
  const box = await link.boundingBox();
  if (!box) throw new Error(`The sidebar shows no ${linkName} link`);
  // The window's focus makes the bell ask the server again, which can end the session before the
  // click: the click then lands where the link was, as the user's would.
  const clickSidebarLink = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  return { id, email, name, page, errors, clickSidebarLink };
}

/** What a user sees once their session has ended: the Sign In form, on the login route, with the token gone. */
async function expectSignInForm(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  await field(page, 'Email').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('console.token'))).toBeNull();
}

describe.skipIf(!hasChromium)('a session the server has ended', () => {
  const admin = signedInAdmin();

  it('sends the user to the Sign In form at their next click when their role changes, with no error', async () => {
    const { id, email, name, page, errors, clickSidebarLink } = await signedInElsewhere(admin, 'Brands');
    try {
      await apiRequest(admin.token, 'POST', `users/update/${id}`, {
        name,
        email,
        password: '',
        telephone: '',
        job_title: '',
        avatar: null,
        role_id: READ_ONLY_ROLE,
      });

      await clickSidebarLink();

      await expectSignInForm(page);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('sends a binned user to the Sign In form at their next click, with no error', async () => {
    const { id, page, errors, clickSidebarLink } = await signedInElsewhere(admin, 'Pages');
    try {
      await deleteUsers(admin.token, [id], 'all');

      await clickSidebarLink();

      await expectSignInForm(page);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('sends every other tab to the Sign In form at once when the user logs out in one', async () => {
    const { page, errors } = await signedInElsewhere(admin, 'Pages');
    try {
      const other = await page.context().newPage();
      await other.goto('/pages');
      await other.getByRole('navigation', { name: 'Main' }).waitFor();

      await page.getByRole('button', { name: /^Account: / }).click();
      await page.getByRole('menu', { name: 'Account' }).getByRole('menuitem', { name: 'Logout' }).click();
      await expectSignInForm(page);

      // No click or call in the other tab: it follows the first one by itself.
      await expectSignInForm(other);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
