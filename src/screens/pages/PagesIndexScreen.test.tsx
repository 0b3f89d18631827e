import '@/ui/jsdomGaps';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { PageSummary } from '@/api/contract/pages';
import { api } from '@/api/endpoints';
import { signedInAs } from '@/machines/testSession';
import type { Scope } from '@/shared/access';
import PagesIndexScreen from './PagesIndexScreen';

afterEach(() => vi.restoreAllMocks());

function renderTree(role = 'Group administrator', scope?: Scope) {
  const location = memoryLocation({ path: '/pages', record: true });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <PagesIndexScreen />
    </Router>,
    { wrapper: signedInAs(role, scope) },
  );
}

describe('the pages tree', () => {
  it("says 'There is no pages available.' when none of its three groups has a page", async () => {
    vi.spyOn(api.pages, 'list').mockResolvedValue({ brands: [], folders: [], files: [] });
    vi.spyOn(api.imports, 'recent').mockResolvedValue({ data: [] });
    const { unmount } = renderTree();
    expect(await screen.findByText('There is no pages available.')).toBeTruthy();
    for (const group of ['Brands', 'Group Sections', 'Pages'])
      expect(screen.queryByRole('heading', { level: 2, name: group })).toBeNull();
    unmount();
  });

  it('offers a Brand manager no publishing, moving or deleting of a page with another brand’s pages below it', async () => {
    const row = (id: number, name: string, extra: Partial<PageSummary>): PageSummary => ({
      id,
      name,
      slug: name.toLowerCase(),
      brand_id: 7,
      published: 1,
      published_at: '2024-03-01T10:00:00.000Z',
      unpublish_at: null,
      locked: 0,
      child_template_id: null,
      sort_by: 'sort_order',
      sort_by_mode: 'asc',
      parent_id: null,
      total_children: 0,
      is_allowed_children: 1,
      is_tree_recursive: 0,
      created_at: '2024-03-01T10:00:00.000Z',
      updated_at: '2024-03-01T10:00:00.000Z',
      ...extra,
    });
    // Models holds a page of another brand, which this manager cannot see: it counts no children.
    const models = row(1, 'Models', { others_below: true });
    const range = row(2, 'Range', { others_below: false });
    vi.spyOn(api.pages, 'list').mockResolvedValue({ brands: [models, range], folders: [], files: [] });
    vi.spyOn(api.imports, 'recent').mockResolvedValue({ data: [] });
    const { unmount } = renderTree('Brand manager', { brand_ids: [7], dealership_ids: [] });
    await screen.findByText('Models');
    const reason =
      'Pages of other brands are below this page: only a user with the whole group in their scope can make this change.';
    const refused = (name: string) => {
      const control = screen.getByRole('button', { name });
      return control.getAttribute('aria-disabled') === 'true' || control.hasAttribute('disabled');
    };
    for (const action of ['Toggle Published', 'Move Page', 'Delete']) {
      expect(refused(`${action}: Models`), action).toBe(true);
      expect(refused(`${action}: Range`), action).toBe(false);
      const control = screen.getByRole('button', { name: `${action}: Models` });
      const description = (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      expect(description, action).toContain(reason);
    }
    // What the page itself says is still theirs to edit, and a copy takes only their own pages.
    expect(within(document.body).getByRole('link', { name: 'Edit Page: Models' })).toBeTruthy();
    expect(refused('Duplicate Page: Models')).toBe(false);
    unmount();
  });
});

describe('the move and duplicate dialogs of a Brand manager', () => {
  const summary = (id: number, name: string, extra: Partial<PageSummary> = {}): PageSummary => ({
    id,
    name,
    slug: name.toLowerCase().replace(/ /g, '-'),
    brand_id: 7,
    published: 1,
    published_at: '2024-03-01T10:00:00.000Z',
    unpublish_at: null,
    locked: 0,
    child_template_id: null,
    sort_by: 'sort_order',
    sort_by_mode: 'asc',
    parent_id: 40,
    total_children: 0,
    is_allowed_children: 1,
    is_tree_recursive: 0,
    created_at: '2024-03-01T10:00:00.000Z',
    updated_at: '2024-03-01T10:00:00.000Z',
    others_below: false,
    ...extra,
  });
  // Kia Offers sits under the group's Offers, which is not theirs: its own parent cannot be chosen.
  const kia = summary(2, 'Kia', { parent_id: 10 });
  const offers = summary(3, 'Kia Offers');

  function mockTree() {
    vi.spyOn(api.pages, 'list').mockResolvedValue({ brands: [kia, offers], folders: [], files: [] });
    vi.spyOn(api.imports, 'recent').mockResolvedValue({ data: [] });
    vi.spyOn(api.pages, 'options').mockResolvedValue({
      data: [kia, offers].map(({ id, name }) => ({
        id,
        name,
        total_children: 0,
        is_allowed_children: 1 as const,
      })),
    });
    vi.spyOn(api.pages, 'show').mockResolvedValue({ data: offers, ancestors: [] });
  }

  it('duplicates a page under one of their pages when Duplicate Page is pressed unchanged', async () => {
    mockTree();
    const duplicate = vi.spyOn(api.pages, 'duplicate').mockResolvedValue({ id: 99, message: 'Duplicated.' });
    const { unmount } = renderTree('Brand manager', { brand_ids: [7], dealership_ids: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Duplicate Page: Kia Offers' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: /Parent$/ }).textContent).toContain('Kia'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate Page' }));
    await waitFor(() => expect(duplicate).toHaveBeenCalled());
    expect(duplicate.mock.calls[0]?.[0].body.parent).toBe(2);
    unmount();
  });

  it('puts focus on the Parent picker of Move Page', async () => {
    mockTree();
    const { unmount } = renderTree('Brand manager', { brand_ids: [7], dealership_ids: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move Page: Kia Offers' }));
    const dialog = await screen.findByRole('dialog');
    const parent = await within(dialog).findByRole('button', { name: /Parent$/ });
    await waitFor(() => expect(document.activeElement).toBe(parent));
    unmount();
  });
});

describe('a failed import beside the pages', () => {
  const failedImport = (will_retry: boolean, error: string) => ({
    id: 31,
    kind: 'page' as const,
    provider: 'pages',
    filename: 'models.xlsx',
    status: 'failed' as const,
    rows_done: 120,
    rows_total: 500,
    created: 0,
    rejected: 0,
    rejections: [],
    mailed: false,
    error,
    will_retry,
    created_at: '2024-03-05T10:00:00.000Z',
  });

  it('says it will be tried again when it will, with why it stopped', async () => {
    vi.spyOn(api.pages, 'list').mockResolvedValue({ brands: [], folders: [], files: [] });
    vi.spyOn(api.imports, 'recent').mockResolvedValue({
      data: [failedImport(true, 'The server running this import stopped before it finished.')],
    });
    const { unmount } = renderTree();
    expect(await screen.findByText('The import stopped with an error; it will be tried again.')).toBeTruthy();
    expect(screen.getByText('The server running this import stopped before it finished.')).toBeTruthy();
    unmount();
  });

  it('says it will not be tried again when it is out of retries', async () => {
    vi.spyOn(api.pages, 'list').mockResolvedValue({ brands: [], folders: [], files: [] });
    vi.spyOn(api.imports, 'recent').mockResolvedValue({
      data: [failedImport(false, 'The server running this import stopped before it finished.')],
    });
    const { unmount } = renderTree();
    expect(
      await screen.findByText(
        'The import stopped with an error and will not be tried again. Import the file again once the problem is put right.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/it will be tried again/)).toBeNull();
    expect(screen.getByText('The server running this import stopped before it finished.')).toBeTruthy();
    unmount();
  });
});
