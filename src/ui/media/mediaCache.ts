import { useEffect, useSyncExternalStore } from 'react';
import type { MediaItem } from '@/api/contract/media';
import { api } from '@/api/endpoints';

/**
 * The library items the console has read, by id: what a picked image shows in its field and in the
 * builder's preview. Filled by the picker and, for images a record already holds, read one by one.
 * An id the user cannot read (out of their scope, or deleted) is remembered as missing.
 */
const items = new Map<number, MediaItem | null>();
const asked = new Set<number>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

/** Remembers items just read (picked, uploaded, described). */
export function rememberMedia(read: readonly MediaItem[]): void {
  if (read.length === 0) return;
  for (const item of read) items.set(item.id, item);
  changed();
}

/** An item as last read: undefined while unknown, null when it cannot be read. */
export const cachedMedia = (id: number): MediaItem | null | undefined => items.get(id);

/** Every item read so far, by id (the preview's library). */
export function mediaMap(): ReadonlyMap<number, MediaItem> {
  const out = new Map<number, MediaItem>();
  for (const [id, item] of items) if (item) out.set(id, item);
  return out;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A number that changes whenever an item is read, for components that show items. */
export const useMediaVersion = (): number => useSyncExternalStore(subscribe, () => version);

/** Reads the items of these ids that are not known yet; re-renders the caller as each arrives. */
export function useMediaItems(ids: readonly number[]): number {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    const wanted = key === '' ? [] : key.split(',').map(Number);
    for (const id of wanted) {
      if (items.has(id) || asked.has(id)) continue;
      asked.add(id);
      api.media
        .show({ params: { id } })
        .then(({ data }) => rememberMedia([data]))
        .catch(() => {
          items.set(id, null);
          changed();
        });
    }
  }, [key]);
  return useMediaVersion();
}
