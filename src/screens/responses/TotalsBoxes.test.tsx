import '@/ui/jsdomGaps';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TotalsBoxes } from './TotalsBoxes';

describe('the responses totals boxes', () => {
  it('hide View more for a group whose forms are all N/A, and list the breakdown for the others', async () => {
    render(
      <TotalsBoxes
        totals={{
          Sales: { total: 12, groups: { 'New Car Enquiry': 12, 'Test Drive': 'N/A' } },
          Marketing: { total: 'N/A', groups: { Newsletter: 'N/A' } },
        }}
      />,
    );
    const marketing = screen.getByRole('region', { name: 'Marketing total' });
    expect(marketing.textContent).toContain('Total: N/A');
    expect(within(marketing).queryByRole('button', { name: 'View more' })).toBeNull();

    const sales = screen.getByRole('region', { name: 'Sales total' });
    expect(sales.textContent).toContain('Total: 12');
    await userEvent.setup().click(within(sales).getByRole('button', { name: 'View more' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sales' });
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['GroupTotal', 'New Car Enquiry12', 'Test DriveN/A']);
  });
});
