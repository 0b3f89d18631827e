import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Paginator } from '@/api/contract/common';
import type { Reservation } from '@/api/contract/reservations';
import { formatDate } from '@/shared/format';
import { nowSeconds, signedDelivery, stripeCharge, stripeEvent } from '../stripe';
import { columnHeaders, signedInAdmin } from './admin';
import { apiRequest } from './api';
import { expectNoAxeViolations, focusReaches, hasChromium, shownWhole } from './browser';
import { baseURL } from './server';

const DATE = /^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}$/;

async function listReservations(token: string, query = ''): Promise<Paginator<Reservation>> {
  return (await apiRequest<{ reservations: Paginator<Reservation> }>(token, 'GET', `reservations${query}`))
    .reservations;
}

describe.skipIf(!hasChromium)('reservations', () => {
  const admin = signedInAdmin();
  let page: Page;

  const headers = () => columnHeaders(page);
  const rowOf = (text: string) => page.getByRole('row').filter({ hasText: text });
  const searchBox = () => page.getByRole('searchbox', { name: 'Search reservations' });

  async function openList(path = '/reservations') {
    page = await admin.newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Reservations' }).waitFor();
  }

  it('opens from the sidebar with its title, subtitle, columns and 25 newest rows', async () => {
    page = await admin.newPage();
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reservations' }).click();
    await page.waitForURL(/\/reservations$/);
    await page.getByText('View all your reservations').waitFor();
    const first = await listReservations(admin.token);
    await rowOf(first.data[0]!.email).waitFor();
    expect(await headers()).toEqual([
      'Name',
      'Email Address',
      'Registration',
      'Refunded',
      'Reserved At',
      'Refunded At',
      'Actions',
    ]);
    expect(await page.getByRole('link', { name: 'Show details' }).count()).toBe(25);

    const refunded = first.data.find((r) => r.refunded)!;
    const kept = first.data.find((r) => r.amount_refunded === 0)!;
    const refundedCells = await rowOf(refunded.email).getByRole('cell').allInnerTexts();
    expect(refundedCells[4]).toMatch(DATE);
    expect(refundedCells[5]).toBe(formatDate(refunded.refunded_at));
    expect(await rowOf(refunded.email).getByRole('img', { name: 'Refunded' }).count()).toBe(1);
    const keptCells = await rowOf(kept.email).getByRole('cell').allInnerTexts();
    expect(keptCells[5]).toBe('N/A');
    expect(await rowOf(kept.email).getByRole('img', { name: 'Not refunded' }).count()).toBe(1);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('shows names and e-mail addresses whole on a laptop, registrations and dates taking only their room', async () => {
    await openList();
    await page.setViewportSize({ width: 1366, height: 900 });
    const first = await listReservations(admin.token);
    await rowOf(first.data[0]!.email).waitFor();
    for (const r of first.data.slice(0, 10)) {
      const cells = rowOf(r.email).getByRole('cell');
      expect(await shownWhole(cells.nth(0)), r.name).toBe(true);
      expect(await shownWhole(cells.nth(1)), r.email).toBe(true);
    }
    await page.close();
  });

  it("puts focus back on the row's Show details after Back from its detail", async () => {
    const [, second] = (await listReservations(admin.token)).data;
    await openList();
    const link = rowOf(second!.email).getByRole('link', { name: 'Show details' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/reservations/${second!.id}$`));
    await page.getByRole('region', { name: 'Status' }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/reservations$/);
    await expect.poll(() => link.evaluate((a) => a === document.activeElement)).toBe(true);
    await page.close();
  });

  it('finds a registration typed without its space', async () => {
    const [sample] = (await listReservations(admin.token)).data;
    const typed = sample!.registration.replace(/ /g, '');
    expect(typed).not.toBe(sample!.registration);
    await openList();
    await searchBox().fill(typed);
    await rowOf(sample!.email).waitFor();
    await page.close();
  });

  it('searches and pages through the address, and a reload shows the same rows', async () => {
    const all = await listReservations(admin.token);
    const wanted = all.data[3]!;
    await openList();
    await searchBox().fill(wanted.registration);
    await page.waitForURL((url) => url.searchParams.get('search') === wanted.registration);
    await expect.poll(() => page.getByRole('link', { name: 'Show details' }).count()).toBe(1);
    await rowOf(wanted.email).waitFor();
    await page.reload();
    await rowOf(wanted.email).waitFor();
    expect(await searchBox().inputValue()).toBe(wanted.registration);

    await page.goto('/reservations');
    const second = await listReservations(admin.token, '?page=2');
    await rowOf(all.data[0]!.email).waitFor();
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /Next/ }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await rowOf(second.data[0]!.email).waitFor();
    await page.goBack();
    await rowOf(all.data[0]!.email).waitFor();
    await page.close();
  });

  it("says 'Oops! No results...' for a search without matches, and Clear Search brings the rows back", async () => {
    await openList('/reservations?search=no-such-buyer-anywhere');
    await page.getByRole('heading', { name: 'Oops! No results...' }).waitFor();
    await page.getByRole('button', { name: 'Clear Search', exact: true }).press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await expect.poll(() => page.getByRole('link', { name: 'Show details' }).count()).toBe(25);
    expect(await searchBox().inputValue()).toBe('');
    // The button has gone with the empty state: focus is back in the search box.
    await focusReaches(searchBox());
    await page.close();
  });

  it('shows the last page for an address past it, not an empty list beside the pager', async () => {
    const all = await listReservations(admin.token);
    const last = await listReservations(admin.token, `?page=${all.last_page}`);
    await openList('/reservations?page=99');
    await page.waitForURL((url) => url.searchParams.get('page') === String(all.last_page));
    await rowOf(last.data[0]!.email).waitFor();
    expect(await page.getByText('There are currently no reservations.').count()).toBe(0);
    await page.close();
  });

  it('hides and shows a column from the column panel', async () => {
    await openList();
    await page.getByRole('link', { name: 'Show details' }).first().waitFor();
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const popup = page.getByRole('dialog', { name: 'Columns' });
    const email = popup.getByRole('checkbox', { name: 'Email Address', exact: true });
    await email.locator('xpath=ancestor::label[1]').click();
    await page.getByRole('columnheader', { name: 'Email Address' }).waitFor({ state: 'detached' });
    expect(await headers()).not.toContain('Email Address');
    await email.locator('xpath=ancestor::label[1]').click();
    await page.getByRole('columnheader', { name: 'Email Address' }).waitFor();
    await page.close();
  });

  it('shows the details of a reservation: contact, status, sale in pounds and the masked card', async () => {
    const all = await listReservations(admin.token, '?page=2');
    const inPounds = all.data.filter((x) => x.currency === 'gbp' && x.last4 !== null);
    const r = inPounds.find((x) => x.refunded && x.phone === null) ?? inPounds.find((x) => x.refunded)!;
    await openList('/reservations?page=2');
    await rowOf(r.email).getByRole('link', { name: 'Show details' }).click();
    await page.waitForURL(new RegExp(`/reservations/${r.id}$`));
    const section = (name: string) => page.getByRole('region', { name });
    await section('Contact information').waitFor();
    const contact = (await section('Contact information').textContent()) ?? '';
    expect(contact).toContain(r.name);
    expect(contact).toContain(r.email);
    expect(contact).toContain(r.phone ?? 'N/A');
    expect(contact).toContain(r.postal_code ?? 'N/A');
    const status = (await section('Status').textContent()) ?? '';
    expect(status).toContain(formatDate(r.refunded_at));
    expect(await section('Status').getByRole('img', { name: 'Refunded' }).count()).toBe(1);
    const sale = (await section('Sale details').textContent()) ?? '';
    expect(sale).toContain(`£${(r.amount / 100).toFixed(2)}`);
    expect(sale).toContain(r.registration);
    const card = (await section('Card details').textContent()) ?? '';
    expect(card).toContain(`**** **** **** ${r.last4}`);
    expect(card).toContain(r.charge_id);
    expect(card).toContain(String(r.exp_year));
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('shows a partial refund Stripe sent as partial, with the amount refunded, and a charge in euros in euros', async () => {
    const deliver = async (event: unknown) => {
      const { body, headers } = signedDelivery(event, inject('stripeWebhookSecret'));
      const res = await fetch(new URL('/api/payments/webhook', baseURL()), {
        method: 'POST',
        headers,
        body,
      });
      expect(res.status, await res.text()).toBe(200);
    };
    const created = nowSeconds() - 60;
    const charge = stripeCharge({ amount: 19900, registration: 'pr26 fnd', name: 'Imogen Partial', created });
    await deliver(stripeEvent('charge.succeeded', charge, { created }));
    await deliver(
      stripeEvent('charge.refunded', { ...charge, amount_refunded: 4975 }, { created: created + 30 }),
    );
    const euros = stripeCharge({
      amount: 250000,
      currency: 'eur',
      registration: 'eu26 rpo',
      name: 'Luca Euro',
    });
    await deliver(stripeEvent('charge.succeeded', euros));

    await openList('/reservations?search=PR26%20FND');
    const row = rowOf('Imogen Partial');
    await row.waitFor();
    await row.getByRole('img', { name: 'Partially refunded' }).waitFor();
    expect(await row.getByRole('img', { name: 'Refunded', exact: true }).count()).toBe(0);
    expect(await row.getByRole('img', { name: 'Not refunded' }).count()).toBe(0);
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[3]).toContain('£49.75');
    expect(cells[5]).toMatch(DATE);
    // On a tablet the amount is shown whole, not cut by the cell's edge.
    await page.setViewportSize({ width: 768, height: 900 });
    const refundedCell = row.getByRole('cell').nth(3);
    expect(await shownWhole(refundedCell)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    await row.getByRole('link', { name: 'Show details' }).click();
    const status = page.getByRole('region', { name: 'Status' });
    await status.getByText('Partially refunded: £49.75 of £199.00').waitFor();
    // The words wrap within the Status card, on a laptop and on the narrowest phone alike.
    for (const width of [1366, 320]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await shownWhole(status), `at ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByRole('region', { name: 'Sale details' }).textContent()).toContain('£199.00');
    await expectNoAxeViolations(page);

    await page.goto('/reservations?search=EU26%20RPO');
    await rowOf('Luca Euro').getByRole('link', { name: 'Show details' }).click();
    const sale = page.getByRole('region', { name: 'Sale details' });
    await sale.getByText('€2,500.00').waitFor();
    expect(await sale.textContent()).not.toContain('£');
    await page.close();
  });

  it("says the reservation doesn't exist when it cannot be loaded", async () => {
    page = await admin.newPage();
    await page.goto('/reservations/999999');
    await page.getByText("The reservation you are trying to view doesn't exist.").waitFor();
    await page.close();
  });
});
