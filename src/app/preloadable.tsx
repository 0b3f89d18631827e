import { type ComponentType, use } from 'react';

/** A component loaded on demand that can be asked for ahead of its first render. */
export interface Preloadable<P extends object> {
  /** Starts loading (once); later calls return the same promise. */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * Like React.lazy, but loaded ahead when asked. Once loaded it renders at once: the promise carries
 * React's status fields, so `use` reads it without suspending. React.lazy suspends on its first
 * render even when the module is already there, and React then holds the revealed screen back for
 * its fallback throttle (300 ms).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  return {
    preload() {
      if (loading) return loading;
      const promise = load();
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
      );
      loading = promise;
      return promise;
    },
  };
}

/** Renders what `of` loads with `props`, suspending until it has loaded. */
export function Preloaded<P extends object>({ of, props }: { of: Preloadable<P>; props: P }) {
  const Loaded = use(of.preload());
  return <Loaded {...props} />;
}
