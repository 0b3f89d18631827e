import { render, screen, waitFor, within } from '@testing-library/react';
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

describe('the target picker’s first choice for a user scoped to brands', () => {
  const scoped: Record<string, TargetOption[]> = {
    // Kia Offers takes no children here; Kia does, and holds Models.
    top: [
      { id: 3, name: 'Kia Offers', total_children: 0, is_allowed_children: 0 },
      { id: 4, name: 'Kia', total_children: 1, is_allowed_children: 1 },
    ],
    4: [{ id: 5, name: 'Models', total_children: 0, is_allowed_children: 1 }],
  };
  const load = async (parent: number | null) => scoped[parent === null ? 'top' : String(parent)] ?? [];
  const shown = (label: RegExp) => screen.getByRole('button', { name: label }).textContent;

  it('chooses the way down to the page’s own parent when every step of it is theirs', async () => {
    const onChange = vi.fn();
    render(
      <TargetPicker
        loadLevel={load}
        onChange={onChange}
        topLevel={false}
        initialPath={async () => [4, 5]}
        firstAllowed
      />,
    );
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(5));
    expect(shown(/Parent$/)).toContain('Kia');
    expect(shown(/level 1\)$/)).toContain('Models');
  });

  it('else chooses the first page that takes children, never the top level they cannot use', async () => {
    const onChange = vi.fn();
    render(
      <TargetPicker
        loadLevel={load}
        onChange={onChange}
        topLevel={false}
        initialPath={async () => []}
        firstAllowed
      />,
    );
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(4));
    expect(shown(/Parent$/)).toContain('Kia');
    expect(shown(/Parent$/)).not.toContain('Choose a parent');
  });

  it('focuses the Parent picker when asked, once it shows', async () => {
    render(<TargetPicker loadLevel={load} onChange={vi.fn()} topLevel={false} autoFocus />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: /Parent$/ })));
  });
});
