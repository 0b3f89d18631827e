import { cleanup, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { signedInAs } from '@/machines/testSession';
import { allows, roleTemplates } from '@/shared/access';
import { pathTo } from '@/shared/paths';
import { routeAccess } from '../routeAccess';
import { navigation, routes } from '../routes';
import { Sidebar } from './Sidebar';

function renderAt(path: string, role = 'Group administrator') {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <Sidebar />
    </Router>,
    { wrapper: signedInAs(role) },
  );
}

const allLinks = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

/** The links of the sidebar section under a heading, in order. */
function section(title: string): HTMLElement[] {
  const heading = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('heading', {
    name: title,
  });
  return within(heading.parentElement!).getAllByRole('link');
}

describe('the sidebar', () => {
  it('lists the activity log under Management, after the users, their roles, the settings, the webhooks and the workflows', () => {
    renderAt('/dashboard');
    const links = section('Management');
    expect(links.map((link) => link.textContent)).toEqual([
      'Users',
      'Roles',
      'Settings',
      'Webhooks',
      'Workflows',
      'Activity',
    ]);
    expect(links[3]!.getAttribute('href')).toBe('/webhooks');
    expect(links[4]!.getAttribute('href')).toBe('/workflows');
    expect(links[5]!.getAttribute('href')).toBe('/activity');
    expect(links[1]!.getAttribute('href')).toBe('/roles');
  });

  it('shows a group administrator every area', () => {
    renderAt('/dashboard');
    expect(allLinks()).toEqual([
      'Dashboard',
      'Brands',
      'Dealerships',
      'Pages',
      'Templates',
      'Forms',
      'Media',
      'Responses',
      'Reservations',
      'Users',
      'Roles',
      'Settings',
      'Webhooks',
      'Workflows',
      'Activity',
    ]);
  });

  it.each(roleTemplates.map((role) => [role.name, role] as const))(
    'shows %s exactly the areas its permissions open',
    (_name, role) => {
      renderAt('/dashboard', role.name);
      const expected = navigation
        .flatMap((s) => s.items)
        .filter((item) => {
          const needs = routeAccess[item.route];
          return allows(role.permissions, needs.action, needs.area);
        })
        .map((item) => item.label);
      expect(allLinks()).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    },
  );

  it('shows only the areas the role may open, and no heading of a section left empty', () => {
    renderAt('/dashboard', 'Sales');
    expect(allLinks()).toEqual(['Dashboard', 'Responses', 'Reservations']);
    expect(screen.queryByRole('heading', { name: 'Content' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Management' })).toBeNull();
    cleanup();
    renderAt('/dashboard', 'Dealership manager');
    expect(allLinks()).toEqual(['Dashboard', 'Dealerships', 'Media', 'Responses', 'Reservations', 'Users']);
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
