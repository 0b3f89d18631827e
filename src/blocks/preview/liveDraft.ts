import { createContext, useContext } from 'react';
import type { PageItem } from '@/api/contract/blocks';

/** The block open in the editor as it is being typed, before its own Save puts it in the builder. */
export interface OpenDraft {
  /** The builder machine's key of the block. */
  key: number;
  item: PageItem;
}

/**
 * Where the open block's editor leaves its unsaved state for the preview to read. A plain store,
 * not React state: the editor writes after its own render, and nothing renders again unless a
 * preview listens (and it renders in a transition, off the keystroke's path).
 */
export interface LiveDraft {
  get(): OpenDraft | null;
  set(draft: OpenDraft | null): void;
  subscribe(listener: () => void): () => void;
}

export function createLiveDraft(): LiveDraft {
  let current: OpenDraft | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(draft) {
      if (draft === current) return;
      current = draft;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const LiveDraftContext = createContext<LiveDraft | null>(null);

/** The builder's live draft store, or null where nothing previews (templates). */
export const useLiveDraft = (): LiveDraft | null => useContext(LiveDraftContext);

/** The builder's blocks with the open block's unsaved state in its place. */
export function withOpenDraft(
  items: readonly PageItem[],
  keys: readonly number[],
  open: OpenDraft | null,
): readonly PageItem[] {
  if (!open) return items;
  const at = keys.indexOf(open.key);
  if (at < 0 || items[at] === open.item) return items;
  const next = [...items];
  next[at] = open.item;
  return next;
}
