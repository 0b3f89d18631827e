import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnToggle } from './ColumnToggle';
import './jsdomGaps';

afterEach(cleanup);

const columns = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email' },
  { id: 'created_at', label: 'Created', hidden: true },
];

describe('ColumnToggle', () => {
  it('lists the columns with the visible ones ticked and reports the hidden ones', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<ColumnToggle columns={columns} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Columns' }));

    const email = (await screen.findByRole('checkbox', { name: 'Email' })) as HTMLInputElement;
    expect(email.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Created' }) as HTMLInputElement).checked).toBe(false);

    await user.click(email);
    expect(onChange).toHaveBeenLastCalledWith(['email', 'created_at']);
  });

  it('keeps the last visible column from being hidden', async () => {
    const user = userEvent.setup();
    render(
      <ColumnToggle
        columns={[
          { id: 'name', label: 'Name' },
          { id: 'email', label: 'Email', hidden: true },
        ]}
        onChange={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    expect(((await screen.findByRole('checkbox', { name: 'Name' })) as HTMLInputElement).disabled).toBe(true);
  });
});
