import '@/ui/jsdomGaps';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { api } from '@/api/endpoints';
import { signedInAs } from '@/machines/testSession';
import PagesIndexScreen from './PagesIndexScreen';

afterEach(() => vi.restoreAllMocks());

function renderTree() {
  const location = memoryLocation({ path: '/pages', record: true });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <PagesIndexScreen />
    </Router>,
    { wrapper: signedInAs('Group administrator') },
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
