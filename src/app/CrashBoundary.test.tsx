import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrashBoundary } from './CrashBoundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('a screen that cannot be drawn');
}

describe('the page shown when the console stops on an error', () => {
  it('says something went wrong and leads to the Sign In page, instead of a blank window', () => {
    // React reports the caught error to the console: expected here, and noise in the test's output.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <CrashBoundary>
        <Broken />
      </CrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sign In' }).getAttribute('href')).toBe('/');
  });

  it('shows its screen as it is while nothing goes wrong', () => {
    render(
      <CrashBoundary>
        <p>The dashboard</p>
      </CrashBoundary>,
    );
    expect(screen.getByText('The dashboard')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
