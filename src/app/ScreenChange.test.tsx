import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearAnnouncements } from '@/ui/announce';
import { LiveRegion } from '@/ui/LiveRegion';
import { ScreenChange } from './ScreenChange';

const titles: Record<string, string> = {
  '/users': 'Users',
  '/users/add': 'Add user',
  '/brands': 'Brands',
  '/brands/add': 'Add brand',
};

/** A screen whose heading shows only after its data, as an edit screen's does. */
function Screen({ late }: { late: boolean }) {
  const [path] = useLocation();
  const [shown, setShown] = useState(!late);
  return (
    <main>
      {/* The add-user form starts in its first field, as the sign-in form does. */}
      {path === '/users/add' ? <input aria-label="Name" ref={(field) => field?.focus()} /> : null}
      {shown ? (
        <h1>{titles[path]}</h1>
      ) : (
        <button type="button" onClick={() => setShown(true)}>
          Load
        </button>
      )}
    </main>
  );
}

function Shell({ late = false }: { late?: boolean }) {
  const [path] = useLocation();
  return (
    <>
      <nav>
        <a href="/brands">Brands</a>
      </nav>
      <ScreenChange title={titles[path] ?? 'Unknown'} />
      <Screen key={path} late={late} />
      <LiveRegion />
    </>
  );
}

afterEach(() => act(() => clearAnnouncements()));

function announced(): string[] {
  return Array.from(screen.getByRole('status').children).map((line) => line.textContent ?? '');
}

// The first test is the visit's first screen: which screen was shown before is the app's memory.
describe('ScreenChange', () => {
  it('names the first screen in the title and leaves focus and the live region alone', () => {
    const memory = memoryLocation({ path: '/users' });
    render(
      <Router hook={memory.hook}>
        <Shell />
      </Router>,
    );
    expect(document.title).toBe('Users · Dealership Console');
    expect(document.activeElement).toBe(document.body);
    expect(announced()).toEqual([]);
  });

  it('moves focus to the new heading, retitles and announces after a route change', async () => {
    const memory = memoryLocation({ path: '/users' });
    render(
      <Router hook={memory.hook}>
        <Shell />
      </Router>,
    );
    screen.getByRole('link', { name: 'Brands' }).focus();
    act(() => memory.navigate('/brands'));
    const heading = screen.getByRole('heading', { name: 'Brands' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Brands · Dealership Console');
    expect(announced()).toEqual(['Brands']);
  });

  it('waits for a heading that shows late', async () => {
    const memory = memoryLocation({ path: '/brands' });
    render(
      <Router hook={memory.hook}>
        <Shell late />
      </Router>,
    );
    act(() => memory.navigate('/brands/add'));
    expect(screen.queryByRole('heading')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    // The click put focus on the Load button, which went with the data: focus is on the body again.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Add brand' })),
    );
  });

  it('leaves focus where the new screen put it inside its content', async () => {
    const memory = memoryLocation({ path: '/users' });
    render(
      <Router hook={memory.hook}>
        <Shell />
      </Router>,
    );
    act(() => memory.navigate('/users/add'));
    await waitFor(() => expect(announced().at(-1)).toBe('Add user'));
    expect(document.title).toBe('Add user · Dealership Console');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });
});
