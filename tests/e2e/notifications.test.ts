import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, apiToken, createPage, createUser, GROUP_ADMINISTRATOR_ROLE, uniqueToken } from './api';
import { focusReaches, hasChromium, launchBrowser, signedInPage } from './browser';

describe.skipIf(!hasChromium)('the bell', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('counts unread notices, opens them by keyboard, follows one to its page and marks them read', async () => {
    const token = await apiToken();
    const handle = uniqueToken();
    const name = `Nia Reviewer ${handle}`;
    const email = `nia.${handle}@example.com`;
    const password = 'Forecourt-Pass-2024';
    const nia = await createUser(token, { name, email, password, role_id: GROUP_ADMINISTRATOR_ROLE });
    const pageName = `Spring finance ${handle}`;
    const id = await createPage(token, pageName);
    await apiRequest(token, 'POST', 'workflows/create', {
      name: `Offers ${handle}`,
      applies_to: { page_ids: [id], brand_ids: [], forms: false },
      stages: [{ name: 'Compliance review', role_ids: [], user_ids: [nia], due_hours: 24 }],
    });
    await apiRequest(token, 'POST', 'pages/submit', { id });
    await apiRequest(token, 'POST', 'comments/create', {
      record: `pages:${id}`,
      body: `@${name} can you check the APR?`,
    });

    const page = await signedInPage(browser, email, password);
    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.getByText(`can you check the APR?`).waitFor();
    const waiting = list.getByRole('link', {
      name: `Unread: “${pageName}” is waiting for your review in Compliance review (Offers ${handle}).`,
    });
    await waiting.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/pages/edit/${id}$`));
    await list.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const markAll = list.getByRole('button', { name: 'Mark all as read' });
    await markAll.click();
    await page.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    // Refused now (every notice is read), the button keeps the focus it had, inside the list.
    await expect.poll(() => markAll.getAttribute('aria-disabled')).toBe('true');
    await focusReaches(markAll);
    await expect(list.getByRole('link', { name: /^Unread:/ }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    // Closing puts focus back on the bell.
    await focusReaches(page.getByRole('button', { name: 'Notifications, none unread' }));
    await page.context().close();
  }, 120_000);

  it('tells someone with no notices what will show there, with nothing to mark read', async () => {
    const token = await apiToken();
    const handle = uniqueToken();
    const email = `noor.${handle}@example.com`;
    const password = 'Forecourt-Pass-2024';
    await createUser(token, {
      name: `Noor New ${handle}`,
      email,
      password,
      role_id: GROUP_ADMINISTRATOR_ROLE,
    });

    const page = await signedInPage(browser, email, password);
    const bell = page.getByRole('button', { name: 'Notifications, none unread' });
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list
      .getByText(
        'You have no notices. Pages waiting for your review, sent back to you or approved, and comments that mention you, show here.',
      )
      .waitFor();
    await expect(list.getByRole('button', { name: 'Mark all as read' }).count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await focusReaches(bell);
    await page.context().close();
  });
});
