import '@/ui/jsdomGaps';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeadDelivery } from '@/api/contract/responses';
import { api } from '@/api/endpoints';
import { signedInAs } from '@/machines/testSession';
import { LeadDeliveries } from './LeadDeliveries';

afterEach(() => vi.restoreAllMocks());

const enquiry = { id: 7, brand_id: 3, dealership_id: 5 };
const sent: LeadDelivery = {
  to: 'leads@crm.example',
  format: 'adf',
  status: 'sent',
  attempts: 1,
  sent_at: '2026-11-28T09:30:00.000Z',
  error: null,
};
const failed: LeadDelivery = {
  to: 'desk@dealer.example',
  format: 'email',
  status: 'failed',
  attempts: 11,
  sent_at: null,
  error: 'Mailbox unavailable',
};

describe("an enquiry's leads", () => {
  it('shows where each lead went, when, and why one failed', () => {
    render(<LeadDeliveries enquiry={enquiry} deliveries={[sent, failed]} />, {
      wrapper: signedInAs('Group administrator'),
    });
    expect(screen.getByRole('heading', { name: 'Sent to CRM' })).toBeTruthy();
    expect(screen.getByText('leads@crm.example')).toBeTruthy();
    expect(screen.getByText('ADF/XML')).toBeTruthy();
    expect(screen.getByText(/^Sent 28 Nov 26/)).toBeTruthy();
    expect(screen.getByText('Failed after 11 attempts: Mailbox unavailable')).toBeTruthy();
  });

  it('says why nothing was sent: no CRM address at the dealership, at any of the brand’s, or no owner', () => {
    const cases: [{ id: number; brand_id: number | null; dealership_id: number | null }, string][] = [
      [enquiry, 'its dealership has no CRM lead address.'],
      [{ ...enquiry, dealership_id: null }, 'none of its brand’s dealerships has a CRM lead address.'],
      [{ id: 7, brand_id: null, dealership_id: null }, 'it names no brand or dealership.'],
    ];
    for (const [owner, why] of cases) {
      const { unmount } = render(<LeadDeliveries enquiry={owner} deliveries={[]} />, {
        wrapper: signedInAs('Group administrator'),
      });
      expect(screen.getByText(`This enquiry was not sent to a CRM: ${why}`)).toBeTruthy();
      unmount();
    }
  });

  it('draws Resend only for failures, and only for a user who may export enquiries', () => {
    const { unmount } = render(<LeadDeliveries enquiry={enquiry} deliveries={[sent]} />, {
      wrapper: signedInAs('Group administrator'),
    });
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    unmount();
    render(<LeadDeliveries enquiry={enquiry} deliveries={[sent, failed]} />, {
      wrapper: signedInAs('Read only'),
    });
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('resends, shows the new state, says so and moves focus to the heading', async () => {
    const resend = vi.spyOn(api.responses, 'resend').mockResolvedValue({
      message: 'The lead is being sent again.',
      deliveries: [sent, { ...failed, status: 'queued' }],
    });
    render(<LeadDeliveries enquiry={enquiry} deliveries={[sent, failed]} />, {
      wrapper: signedInAs('Sales', { brand_ids: [], dealership_ids: [5] }),
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend' })));
    expect(resend).toHaveBeenCalledWith({ body: { id: 7 } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull());
    expect(screen.getByText(/^Queued/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Sent to CRM' }));
  });
});
