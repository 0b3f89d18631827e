import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * The props as they are now, for calls a machine makes later. `useActorRef` keeps the logic it
 * was first given, so actors that closed over the first props would keep calling the first loader
 * (responses filtered by another form would still load the old form's).
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** Builds the machine's logic once; its actors read the current props through `latest`. */
export function useOnce<T>(build: () => T): T {
  const [value] = useState(build);
  return value;
}

/**
 * Calls `onChange` when `key` changes after the first render: a list whose loader depends on a
 * prop (a filter) loads again when that prop changes.
 */
export function useOnKeyChange(key: unknown, onChange: () => void): void {
  const first = useRef(key);
  const latest = useLatest(onChange);
  useEffect(() => {
    if (Object.is(first.current, key)) return;
    first.current = key;
    latest.current();
  }, [key, latest]);
}
