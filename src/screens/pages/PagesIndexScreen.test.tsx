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
