import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import type { RevisionSummary } from '@/api/contract/history';
import { formatDateTime } from '@/shared/format';
import { fieldsDiff } from '@/shared/history/diff';
import { clearAnnouncements } from '../announce';
import { LiveRegion } from '../LiveRegion';
import { HistoryButton, type RevisionPage } from './HistoryButton';

afterEach(() => clearAnnouncements());

const revision = (
  id: number,
  created_at: string,
  action: RevisionSummary['action'],
  name: string | null,
) => ({
  id,
  created_at,
  action,
  user: name === null ? null : { id: 1, name },
});

function pageOf(data: RevisionSummary[], page: number, lastPage: number, total: number): RevisionPage {
  return {
    data,
    current_page: page,
    last_page: lastPage,
    total,
    prev_page_url: page > 1 ? `/api/pages/history?page=${page - 1}` : null,
    next_page_url: page < lastPage ? `/api/pages/history?page=${page + 1}` : null,
  };
}

const first = revision(1, '2026-03-05T09:07:00', 'created', null);
const second = revision(2, '2026-03-06T14:30:00', 'published', 'Ann Smith');
const third = revision(3, '2026-03-07T08:05:00', 'updated', 'Bob Jones');

interface Draft {
  title: string;
}

function renderPanel(options: {
  list: (page: number) => Promise<RevisionPage>;
  show?: (revision: number) => Promise<Draft>;
  current?: Draft;
  restore?: (draft: Draft) => void;
}) {
  const restore = options.restore ?? vi.fn();
  render(
    <>
      <LiveRegion />
      <label>
        Title
        <input defaultValue={options.current?.title ?? ''} />
      </label>
      <HistoryButton<Draft>
        source={{ list: options.list, show: options.show ?? (async () => ({ title: '' })) }}
        current={() => options.current ?? { title: '' }}
        compare={(before, after) => ({ fields: fieldsDiff(before, after), blocks: [] })}
        restore={restore}
        focusAfterRestore={() => screen.getByRole('textbox', { name: 'Title' })}
      />
    </>,
  );
  return { restore, user: userEvent.setup() };
}

describe('the History panel', () => {
  it('lists the revisions newest first with date and time, who and what, and pages through them', async () => {
    const list = vi.fn(async (page: number) =>
      page === 1 ? pageOf([third, second], 1, 2, 3) : pageOf([first], 2, 2, 3),
    );
    const { user } = renderPanel({ list });
    await user.click(screen.getByRole('button', { name: 'History' }));
    const dialog = await screen.findByRole('dialog', { name: 'History' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${formatDateTime(third.created_at)}Updated by Bob JonesCompare`,
      `${formatDateTime(second.created_at)}Published by Ann SmithCompare`,
    ]);
    expect(formatDateTime(third.created_at)).toBe('7 Mar 26, 08:05');
    expect(within(dialog).getByText('Page 1 of 2')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Created by System')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(2);
    expect(within(dialog).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(false);
  });

  it('says when there is no history yet', async () => {
    const { user } = renderPanel({ list: async () => pageOf([], 1, 1, 0) });
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByText('No history yet.')).toBeTruthy();
  });

  it('shows a skeleton while the list loads, and an error with a retry that loads it again', async () => {
    let fail: (error: unknown) => void = () => {};
    const list = vi
      .fn<(page: number) => Promise<RevisionPage>>()
      .mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)))
      .mockResolvedValue(pageOf([first], 1, 1, 1));
    const { user } = renderPanel({ list });
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByRole('status', { name: 'Loading the history' })).toBeTruthy();
    fail(new ApiError(500, 'Server Error'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The history could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Created by System')).toBeTruthy();
  });

  it('compares a revision with the current version, marking the words removed and added', async () => {
    const show = vi.fn(async () => ({ title: 'Visit our Leeds showroom' }));
    const { user } = renderPanel({
      list: async () => pageOf([second], 1, 1, 1),
      show,
      current: { title: 'Visit our York showroom' },
    });
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click(
      await screen.findByRole('button', {
        name: `Compare the version of ${formatDateTime(second.created_at)} with the current version`,
      }),
    );
    expect(show).toHaveBeenCalledWith(2);
    const removed = await screen.findByText('Leeds', { selector: 'del' });
    expect(removed.textContent).toBe('removed: Leeds');
    expect(screen.getByText('York', { selector: 'ins' }).textContent).toBe('added: York');
    expect(screen.getByText('Title', { selector: 'dt' })).toBeTruthy();

    // Back goes to the list, focus on the revision that was compared.
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toContain(formatDateTime(second.created_at)),
    );
  });

  it('restores a revision into the editor, closes, moves focus to the first field and says so', async () => {
    const { user, restore } = renderPanel({
      list: async () => pageOf([second], 1, 1, 1),
      show: async () => ({ title: 'Old title' }),
      current: { title: 'New title' },
    });
    await user.click(screen.getByRole('button', { name: 'History' }));
    await user.click(await screen.findByRole('button', { name: /^Compare/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore this version' }));
    expect(restore).toHaveBeenCalledWith({ title: 'Old title' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' })));
    expect(
      screen.getByText(`Loaded the version of ${formatDateTime(second.created_at)}. Save to keep it.`),
    ).toBeTruthy();
  });

  it('works by keyboard alone', async () => {
    const { user, restore } = renderPanel({
      list: async () => pageOf([second], 1, 1, 1),
      show: async () => ({ title: 'Old title' }),
      current: { title: 'New title' },
    });
    screen.getByRole('button', { name: 'History' }).focus();
    await user.keyboard('{Enter}');
    const compare = await screen.findByRole('button', { name: /^Compare/ });
    compare.focus();
    await user.keyboard('{Enter}');
    const restoreButton = await screen.findByRole('button', { name: 'Restore this version' });
    restoreButton.focus();
    await user.keyboard('{Enter}');
    expect(restore).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'History' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  describe('opened from a link to one revision', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('opens on that revision, found on whichever page it is, compared with the current version', async () => {
      window.history.replaceState(null, '', '/pages/edit/4?revision=1');
      const list = vi.fn(async (page: number) =>
        page === 1 ? pageOf([third, second], 1, 2, 3) : pageOf([first], 2, 2, 3),
      );
      renderPanel({
        list,
        show: async () => ({ title: 'First title' }),
        current: { title: 'Current title' },
      });
      const dialog = await screen.findByRole('dialog', { name: 'History' });
      expect(
        await within(dialog).findByRole('heading', {
          name: `The version of ${formatDateTime(first.created_at)} (Created by System) compared with the current version`,
        }),
      ).toBeTruthy();
      await waitFor(() => expect(dialog.textContent).toMatch(/First.*Current/));
      expect(list).toHaveBeenCalledWith(2);
      // Used once: a reload of the editor does not open it again.
      expect(window.location.search).toBe('');
      expect(window.location.pathname).toBe('/pages/edit/4');
    });

    it('says so when that revision is no longer kept, and lists those there are', async () => {
      window.history.replaceState(null, '', '/pages/edit/4?revision=99');
      renderPanel({ list: async () => pageOf([third, second], 1, 1, 2) });
      const dialog = await screen.findByRole('dialog', { name: 'History' });
      expect(
        await within(dialog).findByText('That version is no longer kept. These are the versions there are.'),
      ).toBeTruthy();
      expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    });
  });
});
