import '@/ui/jsdomGaps';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router as Location } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '@/api/contract/auth';
import { TestSession, templateUser } from '@/machines/testSession';
import Refused from './Refused';
import { accessOf } from './routeAccess';

afterEach(cleanup);

function renderRefused(route: 'users.index' | 'brands.add' | 'dashboard', user: SessionUser) {
  render(
    <TestSession user={user}>
      <Location hook={memoryLocation({ path: '/' }).hook}>
        <Refused needs={accessOf(route)!} />
      </Location>
    </TestSession>,
  );
}

describe('the refusal page', () => {
  it('says what the role lacks and leads to the dashboard', () => {
    renderRefused('users.index', templateUser('Sales', { brand_ids: [], dealership_ids: [3] }));
    expect(screen.getByRole('heading', { name: 'You cannot open this page' })).toBeTruthy();
    expect(screen.getByText('Your role, Sales, cannot view users.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('refuses an add screen for want of create, not of view', () => {
    renderRefused('brands.add', templateUser('Brand manager'));
    expect(screen.getByText('Your role, Brand manager, cannot create brands.')).toBeTruthy();
  });

  it('lists what a role without the dashboard may open, on the dashboard sign-in leads to', () => {
    const user = templateUser('Sales');
    renderRefused('dashboard', {
      ...user,
      role: { ...user.role, name: 'Enquiries only', permissions: { responses: ['view'] } },
    });
    expect(screen.getByText('Your role, Enquiries only, cannot view the dashboard.')).toBeTruthy();
    const offered = screen.getByRole('navigation', { name: 'What you can open' });
    expect(
      within(offered)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Responses']);
    expect(screen.queryByRole('link', { name: 'Go to the dashboard' })).toBeNull();
  });
});
