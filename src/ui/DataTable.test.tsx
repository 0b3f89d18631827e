import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import './jsdomGaps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable';
import { EmptyState } from './EmptyState';

afterEach(cleanup);

interface Person {
  id: number;
  name: string;
  email: string;
}

const people: Person[] = [
  { id: 1, name: 'Jane Doe', email: 'jane@example.com' },
  { id: 2, name: 'Signed In', email: 'me@example.com' },
  { id: 3, name: 'Ali Khan', email: 'ali@example.com' },
];

const columns: DataTableColumn[] = [
  { id: 'name', label: 'Name' },
  { id: 'email', label: 'Email' },
];

const cell = (row: Person, columnId: string) => (columnId === 'name' ? row.name : row.email);

describe('DataTable', () => {
  it("leaves the signed-in user's own row without a checkbox", () => {
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={people}
        renderCell={cell}
        selectedIds={[]}
        onToggle={() => {}}
        onToggleAll={() => {}}
        isSelectable={(row) => row.id !== 2}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'Select Jane Doe' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Select Ali Khan' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select Signed In' })).toBeNull();
    const ownRow = screen.getByRole('row', { name: /Signed In/ });
    expect(within(ownRow).queryByRole('checkbox')).toBeNull();
  });

  it('toggles one row and all rows through their checkboxes', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const onToggleAll = vi.fn();
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={people}
        renderCell={cell}
        selectedIds={[]}
        onToggle={onToggle}
        onToggleAll={onToggleAll}
      />,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select Ali Khan' }));
    expect(onToggle).toHaveBeenCalledWith(3);
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(onToggleAll).toHaveBeenCalledTimes(1);
  });

  it("ticks a row's checkbox from the keyboard, reached with Tab after select-all", async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={people}
        renderCell={cell}
        selectedIds={[]}
        onToggle={onToggle}
        onToggleAll={() => {}}
      />,
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledWith(1);
  });

  it('ticks select-all when every selectable row is selected', () => {
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={people}
        renderCell={cell}
        selectedIds={[1, 3]}
        onToggle={() => {}}
        onToggleAll={() => {}}
        isSelectable={(row) => row.id !== 2}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Jane Doe' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('marks select-all as mixed when some rows are selected', () => {
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={people}
        renderCell={cell}
        selectedIds={[1]}
        onToggle={() => {}}
        onToggleAll={() => {}}
      />,
    );
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
  });

  it('shows only the visible columns, with the row actions last', () => {
    render(
      <DataTable
        label="Users"
        columns={[columns[0] as DataTableColumn, { id: 'email', label: 'Email', hidden: true }]}
        rows={people}
        renderCell={cell}
        renderActions={(row) => <button type="button">Edit {row.name}</button>}
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Actions']);
    expect(screen.queryByText('jane@example.com')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit Jane Doe' })).toBeTruthy();
  });

  it('shows skeleton rows instead of data while loading', () => {
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={people}
        renderCell={cell}
        isLoading
        skeletonRows={5}
      />,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(table.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Jane Doe')).toBeNull();
    // Header row plus five placeholders.
    expect(screen.getAllByRole('row')).toHaveLength(6);
  });

  it('shows the empty state instead of an empty table', () => {
    render(
      <DataTable
        label="Users"
        columns={columns}
        rows={[]}
        renderCell={cell}
        empty={
          <EmptyState title="Oops! No results..." action={{ label: 'Clear Search', onPress: () => {} }} />
        }
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Oops! No results...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear Search' })).toBeTruthy();
  });
});
