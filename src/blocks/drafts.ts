import { useCallback, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { z } from 'zod';
import { pageItem } from '@/api/contract/blocks';
import { type BuilderDraft, type builderMachine, draftOf } from '@/machines/builder';

/**
 * Unsaved builder work kept in the browser (localStorage), so a reload, a crash or a lost
 * connection loses nothing: written shortly after each change and when the tab is hidden or
 * closed, removed once the page is saved or the editor discards it, offered back when the same
 * page is opened again.
 *
 * Usage in a builder screen:
 *   const key = draftKey('pages', 'edit', id);              // 'pages:edit:12'
 *   const stored = readDraft(key);                           // before the machine starts
 *   const [snapshot, send, actor] = useMachine(logic, { input: { ...loaded, draft: stored?.draft } });
 *   useBuilderDraft(key, actor);                             // keeps the stored draft in step
 *   // while snapshot.matches({ page: 'offered' }): show stored.savedAt, send draft.restore / draft.discard
 *
 * Bounds: one draft holds at most MAX_DRAFT_CHARS characters and at most MAX_DRAFTS are kept (the
 * oldest go first); anything stored that does not read back as a draft is ignored and removed.
 */

/** Every stored draft's localStorage key starts with this. */
export const DRAFT_PREFIX = 'builder-draft:';
/** About 4 MB of UTF-16: one long page fits, and the browser's 5 MB quota keeps room for the rest. */
export const MAX_DRAFT_CHARS = 2_000_000;
export const MAX_DRAFTS = 20;
/** Written this long after the last change: typing is not slowed by a write per keystroke. */
export const DRAFT_DELAY_MS = 400;

export type DraftArea = 'pages' | 'forms' | 'templates';

/** The key of one builder's draft: 'pages:edit:12', 'pages:add:5' (a child of 5), 'templates:add'. */
export function draftKey(area: DraftArea, mode: 'add' | 'edit', id?: number | string): string {
  return id === undefined || id === '' ? `${area}:${mode}` : `${area}:${mode}:${id}`;
}

const storedDraft = z.object({
  version: z.literal(1),
  key: z.string(),
  /** When it was written (ISO 8601), shown when it is offered back. */
  savedAt: z.iso.datetime(),
  draft: z.object({
    items: z.array(pageItem),
    name: z.string(),
    slug: z.string(),
    fields: z.record(z.string(), z.unknown()),
  }),
});
export type StoredDraft = z.infer<typeof storedDraft>;

export type WriteResult = 'saved' | 'too-large' | 'full';

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off, and reading the property then throws.
    return null;
  }
}

function parse(raw: string | null, key: string): StoredDraft | null {
  if (raw === null) return null;
  try {
    const result = storedDraft.safeParse(JSON.parse(raw));
    return result.success && result.data.key === key ? result.data : null;
  } catch {
    return null;
  }
}

/** The draft kept for `key`, or null; a stored value that is not a draft is removed. */
export function readDraft(key: string, storage: Storage | null = browserStorage()): StoredDraft | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(DRAFT_PREFIX + key);
    const draft = parse(raw, key);
    if (raw !== null && draft === null) storage.removeItem(DRAFT_PREFIX + key);
    return draft;
  } catch {
    return null;
  }
}

export function removeDraft(key: string, storage: Storage | null = browserStorage()): void {
  try {
    storage?.removeItem(DRAFT_PREFIX + key);
  } catch {
    // Nothing to do: a storage that cannot be written holds no draft either.
  }
}

/** The keys of the stored drafts, oldest first (unreadable ones count as oldest). */
function draftsByAge(storage: Storage): string[] {
  const found: Array<[string, string]> = [];
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    if (!name?.startsWith(DRAFT_PREFIX)) continue;
    const key = name.slice(DRAFT_PREFIX.length);
    // Drafts are written with savedAt near the front: read it there instead of parsing every draft.
    const savedAt = /"savedAt":"([^"]+)"/.exec(storage.getItem(name)?.slice(0, 500) ?? '')?.[1];
    found.push([key, savedAt ?? '']);
  }
  return found.sort((a, b) => a[1].localeCompare(b[1])).map(([key]) => key);
}

/**
 * Keeps `draft` for `key`. Too large a draft is not kept (the one stored before stays); when the
 * browser's storage is full, the oldest other drafts make room.
 */
export function writeDraft(
  key: string,
  draft: BuilderDraft,
  storage: Storage | null = browserStorage(),
  now: Date = new Date(),
): WriteResult {
  if (!storage) return 'full';
  const stored: StoredDraft = {
    version: 1,
    key,
    savedAt: now.toISOString(),
    draft: { items: [...draft.items], name: draft.name, slug: draft.slug, fields: { ...draft.fields } },
  };
  const text = JSON.stringify(stored);
  if (text.length > MAX_DRAFT_CHARS) return 'too-large';
  const others = draftsByAge(storage).filter((other) => other !== key);
  for (const old of others.slice(0, Math.max(0, others.length - (MAX_DRAFTS - 1)))) removeDraft(old, storage);
  const rest = others.slice(Math.max(0, others.length - (MAX_DRAFTS - 1)));
  for (;;) {
    try {
      storage.setItem(DRAFT_PREFIX + key, text);
      return 'saved';
    } catch {
      const oldest = rest.shift();
      if (oldest === undefined) return 'full';
      removeDraft(oldest, storage);
    }
  }
}

/**
 * Calls `onChange` when another tab writes or removes the draft of `key` (the storage event
 * fires only in the other tabs). Returns the function that stops listening.
 */
export function watchDraft(
  key: string,
  onChange: (draft: StoredDraft | null) => void,
  target: EventTarget = window,
): () => void {
  const listener = (event: Event) => {
    if (!(event instanceof StorageEvent)) return;
    if (event.key === DRAFT_PREFIX + key) onChange(parse(event.newValue, key));
    // localStorage.clear() in another tab.
    else if (event.key === null) onChange(null);
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

/**
 * Drafts kept aside in this tab: the editor copied their version aside and loaded someone else's
 * newer one instead. The stored draft stays, so nothing is lost, but the builder of the newer
 * version neither offers it back over the version chosen nor removes it while that version is
 * unchanged; once that builder closes, the draft is offered back the next time the page opens.
 */
const keptAside = new Set<string>();

/** Keeps the stored draft of `key` aside for the builder opened next in this tab. */
export function keepDraftAside(key: string): void {
  keptAside.add(key);
}

/** Whether the stored draft of `key` is kept aside, not to be offered back now. */
export function isDraftAside(key: string): boolean {
  return keptAside.has(key);
}

/** The builder that left the draft of `key` aside has closed: it is offered back as usual again. */
export function releaseDraftAside(key: string): void {
  keptAside.delete(key);
}

export interface DraftWriter {
  /** Writes `draft` once changes pause for DRAFT_DELAY_MS. */
  schedule: (draft: BuilderDraft) => void;
  /** Writes the scheduled draft now (the tab is being hidden or closed). */
  flush: () => void;
  /** Drops the scheduled write and removes the stored draft. */
  clear: () => void;
  /** Drops the scheduled write, keeping what is stored. */
  cancel: () => void;
}

export function createDraftWriter(
  key: string,
  storage: Storage | null = browserStorage(),
  onWrite: (result: WriteResult) => void = () => {},
): DraftWriter {
  let pending: BuilderDraft | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    pending = null;
  };
  const flush = () => {
    const draft = pending;
    cancel();
    if (draft) onWrite(writeDraft(key, draft, storage));
  };
  return {
    schedule: (draft) => {
      pending = draft;
      clearTimeout(timer);
      timer = setTimeout(flush, DRAFT_DELAY_MS);
    },
    flush,
    clear: () => {
      cancel();
      removeDraft(key, storage);
    },
    cancel,
  };
}

type BuilderActor = ActorRefFrom<typeof builderMachine>;

const sameDraft = (a: BuilderDraft, b: BuilderDraft) =>
  a.items === b.items && a.name === b.name && a.slug === b.slug && a.fields === b.fields;

/**
 * Keeps the stored draft of `key` in step with a running builder: written while it has unsaved
 * changes, removed once they are saved or discarded, left alone while an earlier draft is being
 * offered back or the page is being saved. `onWrite` hears of a draft too large or a full storage.
 * With `keepStored` (a draft kept aside), the stored draft stays until the builder has changes.
 * Returns what drops the builder's draft for good: a write still waiting is not made on closing.
 */
export function useBuilderDraft(
  key: string,
  actor: BuilderActor,
  onWrite?: (result: WriteResult) => void,
  keepStored = false,
): () => void {
  const reported = useRef(onWrite);
  reported.current = onWrite;
  const current = useRef<DraftWriter | null>(null);
  useEffect(() => {
    const writer = createDraftWriter(key, browserStorage(), (result) => reported.current?.(result));
    current.current = writer;
    let last: BuilderDraft | null = null;
    // A draft kept aside counts as already cleared: opening without changes leaves it stored.
    let cleared = keepStored;
    const follow = () => {
      const snapshot = actor.getSnapshot();
      if (snapshot.matches({ page: 'offered' }) || snapshot.matches({ page: 'saving' })) return;
      if (!snapshot.context.changed) {
        // Saved, discarded, or opened without changes: nothing is left behind.
        if (!cleared) writer.clear();
        cleared = true;
        last = null;
        return;
      }
      const draft = draftOf(snapshot.context);
      // Snapshots that change nothing kept (the slug call starting, an item opened) write nothing.
      if (last && sameDraft(last, draft)) return;
      last = draft;
      cleared = false;
      writer.schedule(draft);
    };
    follow();
    const subscription = actor.subscribe(follow);
    const hidden = () => {
      if (document.visibilityState === 'hidden') writer.flush();
    };
    window.addEventListener('pagehide', writer.flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      subscription.unsubscribe();
      writer.flush();
      window.removeEventListener('pagehide', writer.flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [key, actor, keepStored]);
  return useCallback(() => current.current?.clear(), []);
}
