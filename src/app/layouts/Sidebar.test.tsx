import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { pathTo } from '@/shared/paths';
import { routes } from '../routes';
import { Sidebar } from './Sidebar';

function renderAt(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <Sidebar />
    </Router>,
  );
}

/** The links of the sidebar section under a heading, in order. */
function section(title: string): HTMLElement[] {
  const heading = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('heading', {
    name: title,
  });
  return within(heading.parentElement!).getAllByRole('link');
}

describe('the sidebar', () => {
  it('lists the activity log under Management, after the users, their roles and the settings', () => {
    renderAt('/dashboard');
    const links = section('Management');
    expect(links.map((link) => link.textContent)).toEqual(['Users', 'Roles', 'Settings', 'Activity']);
    expect(links[3]!.getAttribute('href')).toBe('/activity');
    expect(links[1]!.getAttribute('href')).toBe('/roles');
  });

  it('marks the activity log as the current page while it is shown', () => {
    renderAt('/activity');
    expect(screen.getByRole('link', { name: 'Activity' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the route table', () => {
  it('serves /activity as its own screen, titled Activity, in the signed-in layout', async () => {
    const route = routes.find((r) => r.path === '/activity');
    expect(route).toMatchObject({ name: 'activity', title: 'Activity', layout: 'default' });
    expect(route?.public).toBeUndefined();
    expect(typeof (await route!.load()).default).toBe('function');
  });

  it('builds a route’s address from its name and parameters', () => {
    expect(pathTo('pages.edit', { id: 12 })).toBe('/pages/edit/12');
    expect(pathTo('settings')).toBe('/settings');
    expect(pathTo('responses.show', { id: 'a b' })).toBe('/responses/a%20b');
  });
});
