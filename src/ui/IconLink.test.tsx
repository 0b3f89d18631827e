import './jsdomGaps';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { IconLink } from './IconLink';

afterEach(cleanup);

describe('IconLink', () => {
  it('is a link named by its label, with the label as a tooltip, that navigates in the app', async () => {
    const user = userEvent.setup();
    const location = memoryLocation({ path: '/users', record: true });
    render(
      <Router hook={location.hook}>
        <IconLink href="/users/edit/3" icon="edit" label="Edit Jane Doe" />
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Edit Jane Doe' });
    expect(link.getAttribute('href')).toBe('/users/edit/3');
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit Jane Doe');
    await user.click(link);
    expect(location.history?.at(-1)).toBe('/users/edit/3');
  });
});
