import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { PageItem } from '@/api/contract/blocks';
import {
  createDraftWriter,
  DRAFT_DELAY_MS,
  DRAFT_PREFIX,
  draftKey,
  MAX_DRAFT_CHARS,
  MAX_DRAFTS,
  readDraft,
  removeDraft,
  useBuilderDraft,
  watchDraft,
  writeDraft,
} from '@/blocks/drafts';
import { type BuilderDraft, type BuilderInput, builderMachine } from '@/machines/builder';
import { PAGE_BLOCKS } from '@/shared/catalogue';
import { blankItem } from '@/shared/items';
import { FakeCalls } from '../machines/replay';
import { Tabs } from './tabs';

const hero = blankItem('hero', PAGE_BLOCKS.hero as NonNullable<(typeof PAGE_BLOCKS)['hero']>);
const text: PageItem = {
  ...blankItem('rich_text', PAGE_BLOCKS.rich_text as NonNullable<(typeof PAGE_BLOCKS)['rich_text']>),
  name: 'Opening hours',
};
const draft: BuilderDraft = {
  items: [hero, text],
  name: 'Used cars',
  slug: 'used-cars',
  fields: { meta: { title: 'Used cars', description: '' }, published: 1 },
};
const KEY = 'pages:edit:12';

describe('draft keys', () => {
  it('names the area, the mode and the record', () => {
    expect(draftKey('pages', 'edit', 12)).toBe('pages:edit:12');
    expect(draftKey('pages', 'add', 5)).toBe('pages:add:5');
    expect(draftKey('forms', 'edit', '3')).toBe('forms:edit:3');
    expect(draftKey('templates', 'add')).toBe('templates:add');
    expect(draftKey('forms', 'add', '')).toBe('forms:add');
  });
});

describe('the draft store', () => {
  it('reads back in another tab what one tab kept, with when it was kept', () => {
    const tabs = new Tabs();
    const first = tabs.open();
    const second = tabs.open();
    const at = new Date('2026-03-01T10:15:00.000Z');
    expect(writeDraft(KEY, draft, first.storage, at)).toBe('saved');
    const read = readDraft(KEY, second.storage);
    expect(read?.draft).toEqual(draft);
    expect(read?.savedAt).toBe(at.toISOString());
    expect(readDraft('pages:edit:13', second.storage)).toBeNull();
  });

  it('ignores and removes stored values that are not drafts, without throwing', () => {
    const { storage } = new Tabs().open();
    const broken = [
      '{not json',
      'null',
      '42',
      JSON.stringify({ version: 2, key: KEY, savedAt: new Date().toISOString(), draft }),
      JSON.stringify({ version: 1, key: 'pages:edit:99', savedAt: new Date().toISOString(), draft }),
      JSON.stringify({ version: 1, key: KEY, savedAt: 'yesterday', draft }),
      JSON.stringify({
        version: 1,
        key: KEY,
        savedAt: new Date().toISOString(),
        draft: { ...draft, items: [{}] },
      }),
    ];
    for (const value of broken) {
      storage.setItem(DRAFT_PREFIX + KEY, value);
      expect(readDraft(KEY, storage), value).toBeNull();
      expect(storage.getItem(DRAFT_PREFIX + KEY), value).toBeNull();
    }
  });

  it('reads nothing and keeps nothing where storage is switched off', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('Storage is disabled.', 'SecurityError');
      },
      removeItem: () => {
        throw new DOMException('Storage is disabled.', 'SecurityError');
      },
    } as unknown as Storage;
    expect(readDraft(KEY, refusing)).toBeNull();
    expect(() => removeDraft(KEY, refusing)).not.toThrow();
    expect(readDraft(KEY, null)).toBeNull();
    expect(writeDraft(KEY, draft, null)).toBe('full');
  });

  it('does not keep a draft larger than the bound, and keeps the one before', () => {
    const { storage } = new Tabs().open();
    writeDraft(KEY, draft, storage);
    const huge = { ...draft, name: 'x'.repeat(MAX_DRAFT_CHARS) };
    expect(writeDraft(KEY, huge, storage)).toBe('too-large');
    expect(readDraft(KEY, storage)?.draft.name).toBe('Used cars');
  });

  it(`keeps at most ${MAX_DRAFTS} drafts, dropping the oldest`, () => {
    const { storage } = new Tabs().open();
    for (let i = 0; i <= MAX_DRAFTS; i++)
      writeDraft(`pages:edit:${i}`, draft, storage, new Date(Date.UTC(2026, 0, 1, 0, i)));
    expect(readDraft('pages:edit:0', storage)).toBeNull();
    for (let i = 1; i <= MAX_DRAFTS; i++) expect(readDraft(`pages:edit:${i}`, storage)).not.toBeNull();
  });

  it('makes room in a full storage by dropping the oldest other drafts, never this one', () => {
    const size = JSON.stringify({
      version: 1,
      key: 'pages:edit:1',
      savedAt: new Date().toISOString(),
      draft,
    }).length;
    const tabs = new Tabs(Math.floor(size * 2.5));
    const { storage } = tabs.open();
    writeDraft('pages:edit:1', draft, storage, new Date('2026-01-01T00:00:00Z'));
    writeDraft('pages:edit:2', draft, storage, new Date('2026-01-02T00:00:00Z'));
    expect(writeDraft('pages:edit:3', draft, storage, new Date('2026-01-03T00:00:00Z'))).toBe('saved');
    expect(readDraft('pages:edit:1', storage)).toBeNull();
    expect(readDraft('pages:edit:2', storage)).not.toBeNull();
    expect(readDraft('pages:edit:3', storage)).not.toBeNull();

    const tiny = new Tabs(100).open().storage;
    expect(writeDraft(KEY, draft, tiny)).toBe('full');
  });

  it('tells another tab when a draft is kept or removed there', () => {
    const tabs = new Tabs();
    const first = tabs.open();
    const second = tabs.open();
    const heard: Array<string | null> = [];
    const stop = watchDraft(KEY, (stored) => heard.push(stored?.draft.name ?? null), second.window);
    writeDraft(KEY, draft, first.storage);
    writeDraft('pages:edit:13', { ...draft, name: 'Other page' }, first.storage);
    removeDraft(KEY, first.storage);
    first.storage.clear();
    expect(heard).toEqual(['Used cars', null, null]);
    stop();
    writeDraft(KEY, draft, first.storage);
    expect(heard).toHaveLength(3);
  });
});

describe('the draft writer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes once changes pause, at once when flushed, and removes on clear', () => {
    const { storage } = new Tabs().open();
    const results: string[] = [];
    const writer = createDraftWriter(KEY, storage, (result) => results.push(result));
    writer.schedule({ ...draft, name: 'U' });
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    writer.schedule({ ...draft, name: 'Used' });
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    expect(readDraft(KEY, storage)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(readDraft(KEY, storage)?.draft.name).toBe('Used');
    writer.schedule({ ...draft, name: 'Used cars' });
    writer.flush();
    expect(readDraft(KEY, storage)?.draft.name).toBe('Used cars');
    expect(results).toEqual(['saved', 'saved']);
    writer.schedule({ ...draft, name: 'Never kept' });
    writer.cancel();
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(readDraft(KEY, storage)?.draft.name).toBe('Used cars');
    writer.schedule({ ...draft, name: 'Never kept' });
    writer.clear();
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(readDraft(KEY, storage)).toBeNull();
  });
});

describe('a builder keeps its unsaved work', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The page's builder as its screen runs it: the stored draft offered, the store kept in step. */
  function open(input: BuilderInput) {
    const calls = new FakeCalls();
    const stored = readDraft(KEY);
    const actor = createActor(
      builderMachine.provide({
        actors: { save: calls.actor('save'), slugOf: calls.actor('slugOf') },
      }),
      { input: { ...input, draft: stored?.draft ?? null } },
    ).start();
    const hook = renderHook(() => useBuilderDraft(KEY, actor));
    return { actor, calls, hook };
  }

  const loaded: BuilderInput = { items: [hero], name: 'Used cars', slug: 'used-cars', fields: {} };

  it('offers the work back after a reload, and restores it', async () => {
    const first = open(loaded);
    expect(readDraft(KEY)).toBeNull();
    act(() => first.actor.send({ type: 'item.add', item: text }));
    act(() => first.actor.send({ type: 'field.change', name: 'published', value: 1 }));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(readDraft(KEY)?.draft.items.map((item) => item.name)).toEqual(['Hero banner', 'Opening hours']);
    // The tab is closed (or crashes) and the page is opened again.
    first.hook.unmount();
    first.actor.stop();

    const second = open(loaded);
    expect(second.actor.getSnapshot().matches({ page: 'offered' })).toBe(true);
    // Offered, not yet answered: the kept work stays stored.
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    expect(readDraft(KEY)?.draft.items).toHaveLength(2);
    act(() => second.actor.send({ type: 'draft.restore' }));
    const { context } = second.actor.getSnapshot();
    expect(context.items.map((item) => item.name)).toEqual(['Hero banner', 'Opening hours']);
    expect(context.fields).toEqual({ published: 1 });
    // Restoring can be undone: the page as the server has it comes back.
    act(() => second.actor.send({ type: 'history.undo' }));
    expect(second.actor.getSnapshot().context.items).toEqual([hero]);
    second.hook.unmount();
  });

  it('removes the kept work once the page is saved, and keeps it when the save fails', async () => {
    const { actor, calls, hook } = open(loaded);
    act(() => actor.send({ type: 'item.add', item: text }));
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS));
    act(() => actor.send({ type: 'page.save' }));
    await act(async () => {
      calls.reject('save', new TypeError('Failed to fetch'));
      await vi.advanceTimersByTimeAsync(DRAFT_DELAY_MS);
    });
    expect(readDraft(KEY)?.draft.items).toHaveLength(2);
    act(() => actor.send({ type: 'page.save' }));
    await act(async () => {
      calls.resolve('save', { message: 'Successfully updated page!' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(readDraft(KEY)).toBeNull();
    hook.unmount();
  });

  it('removes the kept work when the editor discards it', async () => {
    writeDraft(KEY, draft);
    const { actor, hook } = open(loaded);
    expect(actor.getSnapshot().context.draft?.name).toBe('Used cars');
    act(() => actor.send({ type: 'draft.discard' }));
    expect(readDraft(KEY)).toBeNull();
    expect(actor.getSnapshot().context.items).toEqual([hero]);
    hook.unmount();
  });

  it('writes at once when the tab is hidden or closed', () => {
    const { actor, hook } = open(loaded);
    act(() => actor.send({ type: 'item.remove', at: 0 }));
    expect(readDraft(KEY)).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(readDraft(KEY)?.draft.items).toEqual([]);
    act(() => actor.send({ type: 'item.add', item: text }));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(readDraft(KEY)?.draft.items).toEqual([text]);
    hook.unmount();
  });
});
