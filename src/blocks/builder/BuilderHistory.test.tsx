import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PageItem } from '@/api/contract/blocks';
import type { RevisionSummary } from '@/api/contract/history';
import { CATALOGUE } from '@/shared/catalogue';
import { formatDateTime } from '@/shared/format';
import { blankItem } from '@/shared/items';
import { clearAnnouncements } from '@/ui/announce';
import { LiveRegion } from '@/ui/LiveRegion';
import type { RecordHistory } from './BuilderHistory';
import { RecordBuilder } from './RecordBuilder';
import type { BuilderStart, RecordCalls } from './useRecordBuilder';

type Values = { meta_title: string };

function hero(title: string): PageItem {
  const item = blankItem('hero', CATALOGUE.hero!);
  return {
    ...item,
    sections: {
      ...item.sections,
      content: { hidden: false, fields: { title, subtitle: '', alignment: '' }, entries: [] },
    },
  };
}
const richText = () => blankItem('rich_text', CATALOGUE.rich_text!);
const faq = () => blankItem('faq', CATALOGUE.faq!);
const gallery = () => blankItem('gallery', CATALOGUE.gallery!);

const summary: RevisionSummary = {
  id: 11,
  created_at: '2026-03-05T09:07:00',
  action: 'updated',
  user: { id: 1, name: 'Ann Smith' },
};

const stored: BuilderStart<Values> = {
  id: 7,
  updatedAt: 'v3',
  name: 'Offers',
  slug: 'offers',
  items: [hero('Visit our York showroom'), richText(), gallery()],
  values: { meta_title: 'Spring offers' },
  locked: false,
};

const revisionStart: BuilderStart<Values> = {
  ...stored,
  updatedAt: 'v1',
  name: 'Old offers',
  slug: 'old-offers',
  items: [hero('Visit our Leeds showroom'), richText(), faq()],
  values: { meta_title: 'Winter offers' },
};

beforeEach(() => localStorage.clear());
afterEach(() => clearAnnouncements());

function renderBuilder(start: BuilderStart<Values> = stored) {
  const update = vi.fn<RecordCalls<Values>['update']>(async () => ({
    id: 7,
    updated_at: 'v4',
    slug: 'old-offers',
  }));
  const history: RecordHistory<Values> = {
    list: vi.fn(async () => ({
      data: [summary],
      current_page: 1,
      last_page: 1,
      total: 1,
      prev_page_url: null,
      next_page_url: null,
    })),
    show: vi.fn(async () => revisionStart),
  };
  const calls: RecordCalls<Values> = {
    slugOf: async (name) => ({ slug: name.toLowerCase().replace(/\s+/g, '-') }),
    store: async () => ({ id: 7, updated_at: 'v1' }),
    update,
    updatedAt: async () => 'v3',
    messages: { added: 'Successfully added page!', updated: 'Successfully updated page!' },
    afterAdd: () => {},
    draftKey: `pages:edit:${start.id ?? 'new'}`,
  };
  const location = memoryLocation({ path: '/pages/edit/7' });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <LiveRegion />
      <RecordBuilder
        start={start}
        calls={calls}
        title="Edit Page"
        backHref="/pages"
        catalogue={CATALOGUE}
        pasteTarget="page"
        required={{}}
        history={history}
        reload={() => {}}
        settings={({ name, onName, values, change }) => (
          <>
            <label>
              Name
              <input value={name} onChange={(event) => onName(event.target.value)} />
            </label>
            <label>
              Meta title
              <input
                value={values.meta_title}
                onChange={(event) => change({ meta_title: event.target.value })}
              />
            </label>
          </>
        )}
      />
    </Router>,
  );
  return { update, history, user: userEvent.setup() };
}

const blockNames = () =>
  within(screen.getByRole('list', { name: 'Blocks' }))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('aria-label'));

async function openComparison(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'History' }));
  await user.click(await screen.findByRole('button', { name: /^Compare the version of/ }));
  return screen.findByRole('button', { name: 'Restore this version' });
}

describe("the builder's History", { timeout: 20_000 }, () => {
  it('compares a revision with what the builder holds now: fields, blocks added, removed and edited, words marked', async () => {
    const { user, history } = renderBuilder();
    // What the editor holds now counts, saved or not.
    await user.clear(screen.getByRole('textbox', { name: 'Meta title' }));
    await user.type(screen.getByRole('textbox', { name: 'Meta title' }), 'Summer offers');
    await openComparison(user);
    expect(history.show).toHaveBeenCalledWith(11);
    const dialog = screen.getByRole('dialog', { name: 'History' });
    const fields = within(dialog).getByRole('region', { name: 'Fields changed' });
    expect(within(fields).getByText('Name', { selector: 'dt' })).toBeTruthy();
    expect(within(fields).getByText('Meta title', { selector: 'dt' })).toBeTruthy();
    expect(within(fields).getByText('Winter', { selector: 'del' }).textContent).toBe('removed: Winter');
    expect(within(fields).getByText('Summer', { selector: 'ins' }).textContent).toBe('added: Summer');

    const blocks = within(dialog).getByRole('region', { name: 'Blocks changed' });
    const summaries = within(blocks)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent);
    expect(summaries).toEqual([
      'Edited: Hero banner (position 1)',
      'Removed: FAQ (was at position 3)',
      'Added: Image gallery (position 3)',
    ]);
    expect(within(blocks).getByText('Leeds', { selector: 'del' }).textContent).toBe('removed: Leeds');
    expect(within(blocks).getByText('York', { selector: 'ins' }).textContent).toBe('added: York');
    expect(within(blocks).getByText('Content › Title', { selector: 'dt' })).toBeTruthy();
  });

  it('restores a revision as unsaved changes, saved only by Save with the version the builder loaded', async () => {
    const { user, update } = renderBuilder();
    await user.click(await openComparison(user));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(blockNames()).toEqual(['Hero banner', 'Rich text', 'FAQ']);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Old offers');
    expect((screen.getByRole('textbox', { name: 'Meta title' }) as HTMLInputElement).value).toBe(
      'Winter offers',
    );
    expect(update).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
    expect(
      screen.getByText(`Loaded the version of ${formatDateTime(summary.created_at)}. Save to keep it.`),
    ).toBeTruthy();

    // Undo takes the whole revision back in one step.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(blockNames()).toEqual(['Hero banner', 'Rich text', 'Image gallery']);
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(blockNames()).toEqual(['Hero banner', 'Rich text', 'FAQ']);

    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    const [id, data, updatedAt] = update.mock.calls[0]!;
    expect(id).toBe(7);
    expect(updatedAt).toBe('v3');
    expect(data).toMatchObject({
      name: 'Old offers',
      meta_title: 'Winter offers',
      items: revisionStart.items,
    });
  });

  it('loads no revision while a block is open, and says why', async () => {
    const { user } = renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Edit Rich text' }));
    const restore = await openComparison(user);
    expect(
      screen.getByText('Close the open block first: a version can be loaded with no block open.'),
    ).toBeTruthy();
    expect(restore.getAttribute('disabled')).not.toBeNull();
  });

  it('does not offer History on a new record', () => {
    renderBuilder({ ...stored, id: null, updatedAt: undefined });
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });
});
