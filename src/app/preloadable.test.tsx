import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { Preloaded, preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Counts how often it is shown. */
function Fallback({ seen }: { seen: { count: number } }) {
  seen.count++;
  return <p>Waiting</p>;
}

describe('preloadable', () => {
  it('loads once however often it is asked for', async () => {
    let loads = 0;
    const greeting = preloadable(async () => {
      loads++;
      return Greeting;
    });
    await Promise.all([greeting.preload(), greeting.preload(), greeting.preload()]);
    expect(loads).toBe(1);
  });

  it('renders at once, without its fallback, when loaded ahead', async () => {
    const greeting = preloadable(async () => Greeting);
    await greeting.preload();
    const seen = { count: 0 };
    act(() => {
      render(
        <Suspense fallback={<Fallback seen={seen} />}>
          <Preloaded of={greeting} props={{ name: 'Ada' }} />
        </Suspense>,
      );
    });
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(seen.count).toBe(0);
  });

  it('shows the fallback until a component not loaded ahead arrives', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const greeting = preloadable(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const seen = { count: 0 };
    // `use` suspends inside act: the act must be awaited for React to retry once the load arrives.
    await act(async () => {
      render(
        <Suspense fallback={<Fallback seen={seen} />}>
          <Preloaded of={greeting} props={{ name: 'Grace' }} />
        </Suspense>,
      );
    });
    expect(screen.getByText('Waiting')).toBeTruthy();
    await act(async () => arrive(Greeting));
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(seen.count).toBeGreaterThan(0);
  });
});
