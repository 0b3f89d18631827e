import '@/ui/jsdomGaps';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '@/api/client';
import type { Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import { signedInAs } from '@/machines/testSession';
import { Toaster } from '@/ui/Toaster';
import { toast } from '@/ui/toasts';
import ReservationShowScreen, { REFUNDS_UNAVAILABLE } from './ReservationShowScreen';

const paid: Reservation = {
  id: 7,
  name: 'Priya Shah',
  email: 'priya.shah@example.com',
  phone: null,
  postal_code: 'LS4 2AZ',
  registration: 'YD24 KXA',
  reserved_at: '2026-05-01T10:00:00.000Z',
  refunded: false,
  refunded_at: null,
  amount: 19900,
  currency: 'gbp',
  amount_refunded: 0,
  amount_pending: 0,
  brand: 'visa',
  exp_year: 2029,
  last4: '4242',
  charge_id: 'ch_3QnVtYLkdIwHu7ix',
  brand_id: 1,
  dealership_id: 2,
};

afterEach(() => {
  vi.restoreAllMocks();
  toast.clear();
});

function renderAs(role: string, reservation: Reservation = paid, refundsAvailable = true) {
  vi.spyOn(api.reservations, 'show').mockResolvedValue({
    data: reservation,
    refunds_available: refundsAvailable,
  });
  const location = memoryLocation({ path: `/reservations/${reservation.id}` });
  render(
    <Router hook={location.hook}>
      <ReservationShowScreen />
      <Toaster />
    </Router>,
    { wrapper: signedInAs(role, { brand_ids: [], dealership_ids: [2] }) },
  );
}

const statusRegion = () => screen.findByRole('region', { name: 'Status' });

describe('refunding a reservation on its screen', () => {
  it('refunds what is left as a Dealership manager, says so, shows it pending and gives focus to the status', async () => {
    const user = userEvent.setup();
    const refund = vi.spyOn(api.reservations, 'refund').mockResolvedValue({
      message: 'The refund of £199.00 has been sent to Stripe.',
      data: { ...paid, amount_pending: 19900 },
    });
    renderAs('Dealership manager');
    await user.click(within(await statusRegion()).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Amount in pounds/ }).value).toBe(
      '199.00',
    );
    expect(dialog.textContent).toContain('Left to refund: £199.00 of £199.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(refund).toHaveBeenCalledWith({ body: { id: 7, amount: 19900, reason: null } });
    expect(await screen.findByText('The refund of £199.00 has been sent to Stripe.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const status = await statusRegion();
    expect(status.textContent).toContain('Refund pending: £199.00 of £199.00');
    expect(within(status).queryByRole('button', { name: 'Refund' })).toBeNull();
    await waitFor(() => expect(status.contains(document.activeElement)).toBe(true));
  });

  it('refunds part, in pounds, with a reason, and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const refund = vi.spyOn(api.reservations, 'refund').mockResolvedValue({
      message: 'The refund of £49.75 has been sent to Stripe.',
      data: { ...paid, amount_pending: 4975 },
    });
    renderAs('Dealership manager');
    const button = within(await statusRegion()).getByRole('button', { name: 'Refund' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount in pounds/ });
    await user.clear(amount);
    await user.type(amount, '49.75');
    await user.click(within(dialog).getByRole('button', { name: /Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Requested by the customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(refund).toHaveBeenCalledWith({ body: { id: 7, amount: 4975, reason: 'requested_by_customer' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await statusRegion()).textContent).toContain('Refund pending: £49.75 of £199.00');
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it("shows Stripe's refusal in the dialog and keeps what was typed", async () => {
    const user = userEvent.setup();
    vi.spyOn(api.reservations, 'refund').mockRejectedValue(
      new ApiError(502, 'Stripe could not make the refund: An unknown error occurred.'),
    );
    renderAs('Dealership manager');
    await user.click(within(await statusRegion()).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Amount in pounds/ });
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Stripe could not make the refund: An unknown error occurred.',
    );
    expect(amount.value).toBe('20');
    expect(screen.getByRole('dialog', { name: 'Refund' })).toBeTruthy();
  });

  it('refuses an amount over what is left before asking the server, and shows the field errors it answers', async () => {
    const user = userEvent.setup();
    const refund = vi.spyOn(api.reservations, 'refund').mockRejectedValue(
      // Someone else refunded part of it meanwhile.
      new ApiError(422, 'The amount to refund can be at most £50.00, what is left to refund.', {
        amount: ['The amount to refund can be at most £50.00, what is left to refund.'],
      }),
    );
    renderAs('Dealership manager', {
      ...paid,
      amount_refunded: 10000,
      refunded_at: '2026-05-02T10:00:00.000Z',
    });
    await user.click(within(await statusRegion()).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Amount in pounds/ });
    expect(amount.value).toBe('99.00');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(dialog.textContent).toContain(
      'The amount to refund can be at most £99.00, what is left to refund.',
    );
    expect(refund).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '60');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('The amount to refund can be at most £50.00, what is left to refund.'),
    ).toBeTruthy();
    expect(amount.value).toBe('60');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
  });

  it('says refunds cannot be sent, instead of the button, where the server has no Stripe key', async () => {
    renderAs('Dealership manager', paid, false);
    const status = await statusRegion();
    expect(within(status).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(status.textContent).toContain(REFUNDS_UNAVAILABLE);
  });

  it('draws no Refund button for Sales', async () => {
    renderAs('Sales');
    const status = await statusRegion();
    expect(within(status).getByRole('img', { name: 'Not refunded' })).toBeTruthy();
    expect(within(status).queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('draws no Refund button when the rest is already refunded or on its way', async () => {
    renderAs('Dealership manager', { ...paid, amount_refunded: 9900, amount_pending: 10000 });
    const status = await statusRegion();
    expect(status.textContent).toContain('Refund pending: £100.00 of £199.00, £99.00 refunded before');
    expect(within(status).queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
