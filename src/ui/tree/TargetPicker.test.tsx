import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type TargetOption, TargetPicker } from './TargetPicker';

const levels: Record<string, TargetOption[]> = {
  top: [{ id: 7, name: 'Northway', total_children: 1, is_allowed_children: 1 }],
  7: [{ id: 8, name: 'Offers', total_children: 0, is_allowed_children: 1 }],
};
const loadLevel = async (parent: number | null) => levels[parent === null ? 'top' : String(parent)] ?? [];

async function optionsOf(label: RegExp) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: label }));
  const names = within(await screen.findByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('the target picker', () => {
  it('offers the top of the tree to a group-wide user', async () => {
    render(<TargetPicker loadLevel={loadLevel} onChange={vi.fn()} />);
    expect(await optionsOf(/Parent$/)).toEqual(['Top level (no parent)', 'Northway']);
  });

  it('offers a user scoped to brands only their pages, and still "None" below a chosen one', async () => {
    const onChange = vi.fn();
    render(<TargetPicker loadLevel={loadLevel} onChange={onChange} topLevel={false} />);
    expect(await optionsOf(/Parent$/)).toEqual(['Northway']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Parent$/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Northway' }));
    expect(onChange).toHaveBeenLastCalledWith(7);
    expect(await optionsOf(/level 1\)$/)).toEqual(['None', 'Offers']);
  });
});
