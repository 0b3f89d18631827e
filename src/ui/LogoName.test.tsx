import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LogoName } from './LogoName';

describe('LogoName', () => {
  it('shows the logo before the name', () => {
    const { container } = render(<LogoName name="Kia" logo="/storage/logo/k1.png" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/storage/logo/k1.png');
    expect(container.textContent).toBe('Kia');
  });

  it('shows the initials of a name without a logo, hidden from screen readers', () => {
    const { container } = render(<LogoName name="Land Rover" logo={null} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('LR').getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('LRLand Rover');
  });
});
