import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LeadDelivery } from '@/api/contract/responses';
import { columnHeaders, signedInAdmin } from './admin';
import { apiRequest, createDealership, deleteForGood, uniqueToken } from './api';
import {
  expectNoAxeViolations,
  field,
  hasChromium,
  requestGate,
  successToasts,
  unnamedImages,
} from './browser';
import { FLAKY_CRM_DOMAIN } from './mailbox';

type Count = number | 'N/A';
type Totals = Record<string, { total: Count; groups: Record<string, Count> }>;

describe.skipIf(!hasChromium)('responses', () => {
  const admin = signedInAdmin();
  let page: Page;

  const headers = () => columnHeaders(page);

  it('keeps the table in its place on a phone when the totals arrive after it', async () => {
    const phone = await admin.newPage();
    try {
      await phone.setViewportSize({ width: 412, height: 823 });
      // The totals are held back until the table shows, as on a slow connection.
      const gate = requestGate();
      await gate.hold(phone, '**/api/responses/totals**');
      await phone.goto('/responses');
      const firstRow = phone.getByRole('link', { name: /^View response from / }).first();
      await firstRow.waitFor();
      const before = (await firstRow.boundingBox())?.y;
      gate.release();
      await phone.getByRole('region', { name: 'Marketing total', exact: true }).waitFor();
      expect((await firstRow.boundingBox())?.y).toBe(before);
    } finally {
      await phone.close();
    }
  });

  it('opens from the sidebar with a totals box per group and its breakdown under View more', async () => {
    const totals = (await apiRequest<{ data: Totals }>(admin.token, 'GET', 'responses/totals')).data;
    page = await admin.newPage();
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Responses' }).click();
    await page.waitForURL(/\/responses$/);
    const sales = page.getByRole('region', { name: 'Sales total', exact: true });
    await sales.waitFor();
    expect(await sales.textContent()).toContain(`Total: ${totals.Sales!.total}`);
    // It opens on a form that has enquiries to show, not on an empty one.
    const opened = await apiRequest<{ handle: string; lists: Array<{ name: string; label: string }> }>(
      admin.token,
      'GET',
      'responses',
    );
    const label = opened.lists.find((list) => list.name === opened.handle)!.label;
    await expect.poll(() => page.getByRole('button', { name: /Form$/ }).textContent()).toContain(label);
    await page
      .getByRole('link', { name: /^View response from / })
      .first()
      .waitFor();
    expect(await page.getByText('There are no responses for this form yet.').count()).toBe(0);
    await sales.getByRole('button', { name: 'View more' }).click();
    const modal = page.getByRole('dialog', { name: 'Sales' });
    await modal.waitFor();
    const rows = await modal.getByRole('row').allTextContents();
    expect(rows[0]).toBe('GroupTotal');
    for (const [group, count] of Object.entries(totals.Sales!.groups))
      expect(rows).toContain(`${group}${count}`);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await page.close();
  });

  it('keeps focus on the Form select when a form is chosen from the keyboard, only the list below reloading', async () => {
    page = await admin.newPage();
    await page.goto('/responses');
    const select = page.getByRole('button', { name: /Form$/ });
    await expect.poll(() => select.isEnabled()).toBe(true);
    const before = await select.textContent();
    await select.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.has('handle'));
    await expect.poll(() => select.textContent()).not.toBe(before);
    // The list below has loaded the chosen form's enquiries (or says it has none).
    await page
      .getByRole('link', { name: /^View response from / })
      .first()
      .or(page.getByText('There are no responses for this form yet.'))
      .waitFor();
    expect(await select.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.close();
  });

  it("puts focus back on the row's View link after Back from the response", async () => {
    page = await admin.newPage();
    await page.goto('/responses');
    const link = page.getByRole('link', { name: /^View response from / }).nth(1);
    await link.waitFor();
    const href = await link.getAttribute('href');
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    await page.locator('dl').waitFor();
    await page.goBack();
    await page.waitForURL(/\/responses$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(href);
    await page.close();
  });

  it('chooses a form, keeps it in the address and explains a total that differs from the full total', async () => {
    const answer = await apiRequest<{
      total: number;
      full_total: number;
      responses: { data: Array<{ id: number; data: Record<string, { result: unknown }> }> };
    }>(admin.token, 'GET', 'responses?handle=new-car-enquiry');
    page = await admin.newPage();
    await page.goto('/responses');
    await page.getByRole('button', { name: /Form$/ }).click();
    await page.getByRole('option', { name: 'New Car Enquiry', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('handle') === 'new-car-enquiry');
    const newest = answer.responses.data[0]!;
    await page
      .getByRole('row')
      .filter({ hasText: String(newest.data.email!.result) })
      .waitFor();
    expect(await headers()).toEqual([
      'Name',
      'Email',
      'Telephone',
      'Derivative',
      'Dealership',
      'Date Added',
      'Actions',
    ]);
    expect(answer.total).not.toBe(answer.full_total);
    expect(
      await page
        .getByText('only the enquiries stored since form data began to be kept in the console')
        .count(),
    ).toBe(1);
    expect(await page.getByText('earlier enquiries were only e-mailed').count()).toBe(1);

    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: String(newest.data.email!.result) })
      .waitFor();
    await page.getByRole('link', { name: `View response from ${newest.data.name!.result}` }).click();
    await page.waitForURL(new RegExp(`/responses/${newest.id}$`));
    const pairs = page.locator('dl');
    await pairs.waitFor();
    expect(await pairs.textContent()).toContain(`Email${newest.data.email!.result}`);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('shows an enquiry sent from the website at the top of its form', async () => {
    const sent = await apiRequest<{ id: number }>(null, 'POST', 'responses/submit', {
      handle: 'interest-enquiry',
      fields: { name: 'Tomasz Nowak', email: 'tomasz@example.org', derivative: 'Kia EV3 Air' },
    });
    page = await admin.newPage();
    await page.goto('/responses?handle=interest-enquiry');
    const row = page.getByRole('row').filter({ hasText: 'tomasz@example.org' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Kia EV3 Air');
    expect(
      await page.getByRole('link', { name: 'View response from Tomasz Nowak' }).getAttribute('href'),
    ).toBe(`/responses/${sent.id}`);
    // The answers in the order the form asks them, blanks as N/A.
    await page.goto(`/responses/${sent.id}`);
    const pairs = page.locator('dl');
    await pairs.waitFor();
    expect(await pairs.textContent()).toBe(
      'NameTomasz NowakEmailtomasz@example.orgTelephoneN/ADerivativeKia EV3 AirDealershipN/A',
    );
    await page.close();
  });

  it('shows names and e-mails uncut at 1280 px while shorter columns give way', async () => {
    page = await admin.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/responses');
    await page.getByRole('row').filter({ hasText: '@example' }).first().waitFor();
    const cut = await page.evaluate(() => {
      const table = document.querySelector('table') as HTMLTableElement;
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const columns = ['Name', 'Email'].map((label) => headers.indexOf(label));
      return [...table.querySelectorAll('tbody tr')].flatMap((tr) =>
        columns.flatMap((at) => {
          const cell = tr.children[at] as HTMLElement | undefined;
          return cell && cell.scrollWidth > cell.clientWidth ? [cell.textContent ?? ''] : [];
        }),
      );
    });
    expect(cut).toEqual([]);
    await page.close();
  });

  it('says there is no response for one that does not exist', async () => {
    page = await admin.newPage();
    await page.goto('/responses/99999999');
    await page.getByText('There is no responses available.').waitFor();
    await page.close();
  });

  it('exports a chosen list in the background and says when it has been e-mailed', async () => {
    page = await admin.newPage();
    await page.goto('/responses');
    await page.getByRole('region', { name: 'Sales total', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Export responses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export responses' });
    await dialog.getByRole('button', { name: /List$/ }).click();
    await page.getByRole('option', { name: 'Service Enquiry', exact: true }).click();
    await field(dialog, 'E-mail address').fill('aftersales@example.com');
    await dialog.getByRole('button', { name: 'Export' }).click();
    await expect
      .poll(() => dialog.textContent())
      .toContain('running in the background and will be e-mailed to aftersales@example.com when it is ready');
    expect(await unnamedImages(page)).toEqual([]);
    await expect
      .poll(() => dialog.textContent(), { timeout: 30_000 })
      .toContain('The export has been e-mailed.');
    expect(((await dialog.textContent()) ?? '').split('The export has been e-mailed.').length - 1).toBe(1);
    await page.close();
  });
  it("shows where an enquiry's leads went and when, a failure with Resend, and sends it again", async () => {
    const tag = uniqueToken();
    const ok = `leads.${tag}@crm.example`;
    const flaky = `sales.${tag}@${FLAKY_CRM_DOMAIN}`;
    const dealershipId = await createDealership(admin.token, {
      name: `Leads ${tag} Motors`,
      slug: `leads-${tag}`,
      crm_emails: [ok, flaky],
      crm_format: 'adf',
    });
    try {
      const sent = await apiRequest<{ id: number }>(null, 'POST', 'responses/submit', {
        handle: 'test-drive',
        fields: { name: 'Mina Patel', email: 'mina@example.org', dealership: dealershipId },
      });
      const deliveries = async () =>
        (await apiRequest<{ deliveries: LeadDelivery[] }>(admin.token, 'GET', `responses/show?id=${sent.id}`))
          .deliveries;
      // The flaky CRM refuses the first send and its one retry: the lead shows as failed.
      await expect
        .poll(async () => (await deliveries()).map((d) => d.status), { timeout: 30_000, interval: 250 })
        .toEqual(['sent', 'failed']);

      page = await admin.newPage();
      await page.goto(`/responses/${sent.id}`);
      const section = page.getByRole('region', { name: 'Sent to CRM' });
      const rowOf = (to: string) => section.getByRole('row').filter({ hasText: to });
      await rowOf(ok).waitFor();
      expect(await rowOf(ok).textContent()).toMatch(
        new RegExp(`^${ok.replace(/\./g, '\\.')}ADF/XMLSent \\d`),
      );
      expect(await rowOf(flaky).textContent()).toContain('Failed after 2 attempts');
      expect(await rowOf(flaky).textContent()).toContain('Mailbox unavailable');
      await expectNoAxeViolations(page);

      await section.getByRole('button', { name: 'Resend' }).click();
      await successToasts(page).first().waitFor();
      // The button is gone with the failure; focus is on the list's heading, not lost to the page.
      expect(await section.getByRole('button', { name: 'Resend' }).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sent to CRM');
      // Queued again (or, on a quick mail worker, already sent by the time the answer was read).
      expect(await rowOf(flaky).textContent()).toMatch(/Queued|Sent \d/);

      await expect
        .poll(async () => (await deliveries()).map((d) => d.status), { timeout: 30_000, interval: 250 })
        .toEqual(['sent', 'sent']);
      await page.reload();
      await rowOf(flaky).waitFor();
      expect(await rowOf(flaky).textContent()).toMatch(/Sent \d/);
      expect(await section.getByRole('button', { name: 'Resend' }).count()).toBe(0);

      // On a phone every column can still be read: what does not fit scrolls sideways in a region
      // of its own (which the keyboard can scroll too), and the page does not.
      await page.setViewportSize({ width: 320, height: 800 });
      const status = rowOf(flaky).getByRole('cell').last();
      await status.waitFor();
      expect(
        await status.evaluate((cell) => {
          if (cell.getBoundingClientRect().right <= window.innerWidth) return 'shown';
          const scroller = cell.closest('[role="region"][tabindex="0"]');
          return scroller && getComputedStyle(scroller).overflowX === 'auto' ? 'shown' : 'out of reach';
        }),
      ).toBe('shown');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await page.close();
    } finally {
      await deleteForGood(admin.token, 'dealerships', { ids: [dealershipId] });
    }
  });
});
