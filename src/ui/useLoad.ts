import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> =
  | { status: 'loading'; data: null; error: null }
  | { status: 'ready'; data: T; error: null }
  | { status: 'failed'; data: null; error: unknown };

const LOADING = { status: 'loading', data: null, error: null } as const;

/**
 * Loads one thing for a screen (a record to edit); `reload` fetches it again. What was loaded
 * belongs to its key and round: once either changes, it is loading, from the very next render.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> & { reload: () => void } {
  const [round, setRound] = useState(0);
  const current = `${round}:${key}`;
  const [state, setState] = useState<{ for: string; loaded: Loaded<T> }>({ for: current, loaded: LOADING });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what is loaded; `load` is a new function each render.
  useEffect(() => {
    let live = true;
    setState({ for: current, loaded: LOADING });
    load().then(
      (data) => live && setState({ for: current, loaded: { status: 'ready', data, error: null } }),
      (error: unknown) => live && setState({ for: current, loaded: { status: 'failed', data: null, error } }),
    );
    return () => {
      live = false;
    };
  }, [current]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...(state.for === current ? state.loaded : LOADING), reload };
}
