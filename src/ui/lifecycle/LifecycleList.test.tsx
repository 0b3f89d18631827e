import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Paginator } from '@/api/contract/common';
import type { LifecycleLists } from '@/machines/lifecycle';
import { findEnabled } from '@/ui/testing/findEnabled';
import { LifecycleList, type LifecycleListProps } from './LifecycleList';

interface Person {
  id: number;
  name: string;
}

function page(rows: Person[], total = rows.length): Paginator<Person> {
  return {
    data: rows,
    current_page: 1,
    last_page: 1,
    per_page: 25,
    from: rows.length ? 1 : null,
    to: rows.length ? rows.length : null,
    total,
    path: '/api/people',
    first_page_url: '/api/people?page=1',
    last_page_url: '/api/people?page=1',
    prev_page_url: null,
    next_page_url: null,
    links: [],
  };
}

function setup(
  lists: (search: string) => LifecycleLists<Person>,
  extra: Partial<LifecycleListProps<Person>> = {},
) {
  const remove = vi.fn(async () => ({}));
  const restore = vi.fn(async () => ({}));
  render(
    <LifecycleList<Person>
      nouns={{ one: 'user', many: 'users' }}
      startHref="/users/new"
      editHref={(row) => `/users/edit/${row.id}`}
      columns={[{ id: 'name', label: 'Name' }]}
      columnsKey="test.columns"
      renderCell={(row) => row.name}
      rowLabel={(row) => row.name}
      load={async ({ search }) => lists(search)}
      remove={remove}
      restore={restore}
      {...extra}
    />,
  );
  return { remove, restore };
}

/** A load's answer held back until the test lets it go: what the list shows while it waits. */
function heldUntilReleased() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

describe('LifecycleList', () => {
  it("says we've not started yet when there is nothing at all", async () => {
    setup(() => ({ active: page([]), trashed: page([]) }));
    expect(await screen.findByText("Oops! We've not started yet...")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/users/new');
  });

  it('says nothing has been placed in the bin and leads back to all users', async () => {
    const user = userEvent.setup();
    setup(() => ({ active: page([{ id: 1, name: 'Ann' }]), trashed: page([]) }));
    await user.click(await screen.findByRole('tab', { name: 'Bin (0)' }));
    expect(await screen.findByText('Nothing has been placed in the bin!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View all users' }));
    expect(await screen.findByRole('tab', { name: 'All (1)', selected: true })).toBeTruthy();
  });

  it('offers to clear a search that found nothing', async () => {
    const user = userEvent.setup();
    setup((search) =>
      search
        ? { active: page([]), trashed: page([]) }
        : { active: page([{ id: 1, name: 'Ann' }]), trashed: page([]) },
    );
    await screen.findByText('Ann');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zz');
    expect(await screen.findByText('Oops! No results...', {}, { timeout: 2000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(await screen.findByText('Ann')).toBeTruthy();
  });

  it('leaves the signed-in user without a checkbox or a delete button', async () => {
    setup(
      () => ({
        active: page([
          { id: 1, name: 'Me' },
          { id: 2, name: 'Bob' },
        ]),
        trashed: page([]),
      }),
      {
        selfId: 1,
      },
    );
    const myRow = (await screen.findByText('Me')).closest('tr')!;
    expect(within(myRow).queryByRole('checkbox')).toBeNull();
    expect(within(myRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    const bobRow = screen.getByText('Bob').closest('tr')!;
    expect(within(bobRow).getByRole('checkbox')).toBeTruthy();
  });

  it('asks before deleting and deletes from the bin forever', async () => {
    const user = userEvent.setup();
    const { remove } = setup(() => ({ active: page([]), trashed: page([{ id: 7, name: 'Old' }]) }));
    await user.click(await screen.findByRole('tab', { name: 'Bin (1)' }));
    await user.click(await findEnabled('button', 'Delete forever Old'));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Hold up!')).toBeTruthy();
    expect(within(dialog).getByText(/You are about to delete user\(s\)/)).toBeTruthy();
    // Users keep no history, so the confirm says only that it is permanent.
    expect(within(dialog).getByText('Deleting from the bin is permanent.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes please' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith({ ids: [7], type: 'trashed' }));
  });

  it('takes no ticks while the next view loads, and says so by disabling the checkboxes', async () => {
    const user = userEvent.setup();
    const lists = { active: page([{ id: 1, name: 'Ann' }]), trashed: page([{ id: 7, name: 'Old' }]) };
    const { gate, release } = heldUntilReleased();
    let calls = 0;
    setup(() => lists, {
      load: async () => {
        calls += 1;
        if (calls > 1) await gate;
        return lists;
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Bin (1)' }));
    const old = await screen.findByRole('checkbox', { name: 'Select Old' });
    expect(old.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select all' }).hasAttribute('disabled')).toBe(true);
    release();
    await user.click(await findEnabled('checkbox', 'Select Old'));
    expect(await screen.findByRole('button', { name: 'Delete selected forever' })).toBeTruthy();
  });

  it('shows the tab an arrow key chose while the first rows were loading', async () => {
    const user = userEvent.setup();
    const lists = { active: page([{ id: 1, name: 'Ann' }]), trashed: page([{ id: 7, name: 'Old' }]) };
    const { gate, release } = heldUntilReleased();
    setup(() => lists, {
      load: async () => {
        await gate;
        return lists;
      },
    });
    await user.click(screen.getByRole('tab', { name: /^All/ }));
    await user.keyboard('{ArrowRight}');
    const bin = screen.getByRole('tab', { name: /^Bin/ });
    expect(document.activeElement).toBe(bin);
    expect(bin.getAttribute('aria-selected')).toBe('true');
    release();
    expect(await screen.findByText('Old')).toBeTruthy();
    expect(screen.queryByText('Ann')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Bin (1)', selected: true })).toBeTruthy();
  });

  it('loads through the loader it was given last when the loader changes with its props', async () => {
    const user = userEvent.setup();
    const forForm =
      (form: string) =>
      async ({ search }: { search: string }) => ({
        active: page([{ id: form === 'a' ? 1 : 2, name: `${form}: ${search || 'everyone'}` }]),
        trashed: page([]),
      });
    const props = {
      nouns: { one: 'response', many: 'responses' },
      startHref: '/responses',
      editHref: (row: Person) => `/responses/${row.id}`,
      columns: [{ id: 'name', label: 'Name' }],
      columnsKey: 'test.columns',
      renderCell: (row: Person) => row.name,
      rowLabel: (row: Person) => row.name,
      remove: vi.fn(async () => ({})),
      restore: vi.fn(async () => ({})),
    };
    const { rerender } = render(<LifecycleList<Person> {...props} load={forForm('a')} loadKey="a" />);
    expect(await screen.findByText('a: everyone')).toBeTruthy();
    rerender(<LifecycleList<Person> {...props} load={forForm('b')} loadKey="b" />);
    expect(await screen.findByText('b: everyone')).toBeTruthy();
    expect(screen.queryByText('a: everyone')).toBeNull();
    // Without a new key the next load (a search here) still goes through the new loader.
    rerender(<LifecycleList<Person> {...props} load={forForm('c')} loadKey="b" />);
    await user.type(screen.getByRole('searchbox', { name: 'Search responses' }), 'x');
    expect(await screen.findByText('c: x', {}, { timeout: 2000 })).toBeTruthy();
  });
});
