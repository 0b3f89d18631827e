import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ApiError } from '@/api/client';
import type { PageItem } from '@/api/contract/pages';
import type { BuilderContext, BuilderDraft, BuilderEvent, BuilderInput } from '@/machines/builder';
import { describePath, FakeCalls, handled, loadMachine, replayPath, settle } from './replay';

const { builderMachine, HISTORY_LIMIT, SLUG_DELAY_MS } = await loadMachine(import('@/machines/builder'));

const block = (name: string, hideable: boolean): PageItem => ({
  index: 'rich_text',
  name,
  hideable: { item: hideable, sections: [] },
  hidden: false,
  sections: { content: { hidden: false, fields: { body: `# ${name}` }, entries: [] } },
});

const hero = block('Hero', true);
const faq = block('FAQ', false);
const heroEdited = { ...hero, name: 'Spring hero' };
const conflict = new ApiError(409, 'Someone else changed this page. Reload it to see their changes.');
const afterSlugDelay = 'xstate.after.slugDelay.builder.slug.waiting';

/** Block changes, the editing lock and history. */
const itemEvents = [
  { type: 'item.add', item: hero },
  { type: 'item.add', item: faq },
  { type: 'item.edit', at: 0 },
  { type: 'item.edit', at: 1 },
  { type: 'item.cancel' },
  { type: 'item.save', item: heroEdited },
  { type: 'item.move', from: 0, to: 1 },
  { type: 'item.remove', at: 0 },
  { type: 'item.duplicate', at: 0 },
  { type: 'item.hide', at: 0, hidden: true },
  { type: 'item.hide', at: 0, hidden: false },
  { type: 'history.undo' },
  { type: 'history.redo' },
] as BuilderEvent[];

/** Saving, the slug following the name, and enough block events to open one and change it. */
const pageEvents = [
  { type: 'item.add', item: hero },
  { type: 'item.edit', at: 0 },
  { type: 'item.save', item: heroEdited },
  { type: 'history.undo' },
  { type: 'name.change', name: 'Used cars' },
  { type: afterSlugDelay },
  { type: 'xstate.done.actor.slugOf', output: { slug: 'used-cars' } },
  { type: 'xstate.error.actor.slugOf', error: new ApiError(500, 'Server Error') },
  { type: 'page.save' },
  { type: 'xstate.done.actor.save', output: { message: 'Successfully updated page!' } },
  { type: 'xstate.error.actor.save', error: conflict },
] as unknown as BuilderEvent[]; // done/error/after events are the machine's own, outside the union

type BuilderSnapshot = SnapshotFrom<typeof builderMachine>;

const GROWS = new Set(['item.add', 'item.duplicate']);
const CHANGES = new Set(['item.add', 'item.duplicate', 'item.save', 'item.move', 'item.remove', 'item.hide']);

/** Keeps the generated graph small: two blocks at most, `most` remembered changes at most. */
function small(snapshot: { context: unknown }, event: EventObject, most: number): boolean {
  const context = snapshot.context as BuilderContext;
  if (GROWS.has(event.type) && context.items.length >= 2) return false;
  if (CHANGES.has(event.type) && context.past.length >= most) return false;
  return true;
}

function fakes(calls: FakeCalls) {
  return {
    slugOf: calls.actor<{ slug: string }, { name: string }>('slugOf'),
    save: calls.actor<unknown, BuilderDraft>('save'),
  };
}

/** A block as the model knows it: who it is (a copy is someone new), what it shows. */
interface ModelBlock {
  id: number;
  item: PageItem;
}

/**
 * The builder as the spec describes it, replayed from the events alone: blocks are added, moved,
 * duplicated and removed only on an unlocked page, one block is edited at a time, every change
 * can be undone and redone (not while a block is open), and a save keeps everything.
 */
class Model {
  blocks: ModelBlock[];
  open: number | null = null;
  undo: ModelBlock[][] = [];
  redo: ModelBlock[][] = [];
  name: string;
  slug: string;
  savingNow = false;
  lastSave: 'none' | 'saved' | 'failed' = 'none';
  error: string | null = null;
  conflict = false;
  private nextId = 0;

  constructor(readonly input: Required<BuilderInput>) {
    this.blocks = input.items.map((item) => this.fresh(item));
    this.name = input.name;
    this.slug = input.slug;
  }

  private fresh(item: PageItem): ModelBlock {
    return { id: this.nextId++, item };
  }

  private change(next: ModelBlock[]) {
    this.undo.push(this.blocks);
    this.redo = [];
    this.blocks = next;
    this.lastSave = 'none';
  }

  private exists(at: number) {
    return at >= 0 && at < this.blocks.length;
  }

  apply(event: EventObject) {
    const e = event as EventObject & Record<string, unknown>;
    const structural = !this.input.locked && !this.savingNow;
    switch (event.type) {
      case 'item.add':
        if (structural) this.change([...this.blocks, this.fresh(e.item as PageItem)]);
        break;
      case 'item.duplicate': {
        const at = e.at as number;
        const original = this.blocks[at];
        if (structural && original) {
          const next = [...this.blocks];
          next.splice(at + 1, 0, this.fresh(original.item));
          this.change(next);
        }
        break;
      }
      case 'item.remove': {
        const at = e.at as number;
        const gone = this.blocks[at];
        if (structural && gone) {
          if (gone.id === this.open) this.open = null;
          this.change(this.blocks.filter((_, i) => i !== at));
        }
        break;
      }
      case 'item.move': {
        const [from, to] = [e.from as number, e.to as number];
        if (structural && from !== to && this.exists(from) && this.exists(to)) {
          const next = this.blocks.filter((_, i) => i !== from);
          next.splice(to, 0, this.blocks[from] as ModelBlock);
          this.change(next);
        }
        break;
      }
      case 'item.edit':
        if (!this.savingNow && this.open === null && this.exists(e.at as number))
          this.open = (this.blocks[e.at as number] as ModelBlock).id;
        break;
      case 'item.cancel':
        if (!this.savingNow) this.open = null;
        break;
      case 'item.save':
        if (!this.savingNow && this.open !== null) {
          const id = this.open;
          this.change(this.blocks.map((b) => (b.id === id ? { id, item: e.item as PageItem } : b)));
          this.open = null;
        }
        break;
      case 'item.hide': {
        const target = this.blocks[e.at as number];
        if (!this.savingNow && target?.item.hideable.item && target.item.hidden !== e.hidden) {
          const hidden = { id: target.id, item: { ...target.item, hidden: e.hidden as boolean } };
          this.change(this.blocks.map((b) => (b.id === target.id ? hidden : b)));
        }
        break;
      }
      case 'history.undo':
        if (!this.savingNow && this.open === null && this.undo.length > 0) {
          this.redo.unshift(this.blocks);
          this.blocks = this.undo.pop() as ModelBlock[];
          this.lastSave = 'none';
        }
        break;
      case 'history.redo':
        if (!this.savingNow && this.open === null && this.redo.length > 0) {
          this.undo.push(this.blocks);
          this.blocks = this.redo.shift() as ModelBlock[];
          this.lastSave = 'none';
        }
        break;
      case 'name.change':
        this.name = e.name as string;
        break;
      case 'xstate.done.actor.slugOf':
        this.slug = (e.output as { slug: string }).slug;
        break;
      case 'page.save':
        if (!this.savingNow && this.open === null) {
          this.savingNow = true;
          this.error = null;
          this.conflict = false;
        }
        break;
      case 'xstate.done.actor.save':
        this.savingNow = false;
        this.lastSave = 'saved';
        break;
      case 'xstate.error.actor.save': {
        const error = e.error as ApiError;
        this.savingNow = false;
        this.lastSave = 'failed';
        this.error = error.message;
        this.conflict = error.status === 409;
        break;
      }
    }
  }
}

const shown = (items: readonly PageItem[]) =>
  items.map((item) => `${item.name}${item.hidden ? ' (hidden)' : ''}`);

function rules(input: Required<BuilderInput>) {
  return (snapshot: { value: unknown; context: unknown; can?: unknown }, taken: EventObject[]) => {
    const model = new Model(input);
    for (const event of taken) model.apply(event);
    const context = snapshot.context as BuilderContext;
    const actor = snapshot as unknown as { can: (event: BuilderEvent) => boolean };
    expect(shown(context.items)).toEqual(shown(model.blocks.map((b) => b.item)));
    const openAt = model.open === null ? null : model.blocks.findIndex((b) => b.id === model.open);
    expect(context.editing).toBe(openAt);
    expect(context.past.length).toBe(model.undo.length);
    expect(context.future.length).toBe(model.redo.length);
    expect(context.name).toBe(model.name);
    expect(context.slug).toBe(model.slug);
    expect(context.error).toBe(model.error);
    expect(context.conflict).toBe(model.conflict);
    // The editing lock: with a block open, the page cannot be saved.
    if (model.open !== null) expect(actor.can({ type: 'page.save' })).toBe(false);
    // A locked page offers no structural change.
    if (input.locked) {
      expect(actor.can({ type: 'item.add', item: hero })).toBe(false);
      expect(actor.can({ type: 'item.remove', at: 0 })).toBe(false);
      expect(actor.can({ type: 'item.move', from: 0, to: 1 })).toBe(false);
    }
    const page = (snapshot.value as { page: unknown }).page;
    if (model.savingNow) expect(page).toBe('saving');
    else expect(page).toEqual({ ready: model.lastSave === 'none' ? expect.any(String) : model.lastSave });
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const unlocked: Required<BuilderInput> = { items: [], locked: false, name: '', slug: '' };
const locked: Required<BuilderInput> = { items: [hero, faq], locked: true, name: 'Home', slug: 'home' };

const graphs: [string, Required<BuilderInput>, BuilderEvent[], number][] = [
  ['block changes on an unlocked page', unlocked, itemEvents, 2],
  ['block changes on a locked page', locked, itemEvents, 2],
  ['saving and the slug', unlocked, pageEvents, 1],
];

for (const [title, input, events, most] of graphs) {
  describe(`builder machine paths: ${title}`, () => {
    const bounded = (s: BuilderSnapshot, e: EventObject) => handled(s, e) && small(s, e, most);
    const walk = () => {
      const shortest = getShortestPaths(builderMachine, { events, input, filterEvents: bounded });
      // Simple paths multiply fast: they are walked only over the save and slug events.
      const simple =
        events === pageEvents
          ? getSimplePaths(builderMachine, {
              events: pageEvents.filter((e) => !e.type.startsWith('item.') && e.type !== 'history.undo'),
              input,
              filterEvents: handled,
              toState: (state) => state.matches({ page: { ready: 'saved' } }),
            })
          : [];
      return [...shortest, ...simple];
    };
    // A machine that cannot be walked fails a test here instead of the file's loading.
    let paths: ReturnType<typeof walk> = [];
    try {
      paths = walk();
    } catch (error) {
      it('walks the paths of the machine', () => {
        throw error;
      });
    }

    for (const path of paths) {
      it(`reaches ${describePath(path)}`, async () => {
        const calls = new FakeCalls();
        const actor = await replayPath(path, {
          logic: builderMachine.provide({ actors: fakes(calls) }),
          calls,
          input,
          delays: { slugDelay: SLUG_DELAY_MS },
          check: rules(input),
        });
        // The page is saved as it was shown, and the slug is asked for the name typed.
        const draft = calls.inputsOf('save').at(-1) as BuilderDraft | undefined;
        if (draft) expect(draft.items.length).toBeLessThanOrEqual(2);
        for (const asked of calls.inputsOf('slugOf')) expect(asked).toEqual({ name: 'Used cars' });
        actor.stop();
      });
    }
  });
}

function start(input: BuilderInput = {}) {
  const calls = new FakeCalls();
  const actor = createActor(builderMachine.provide({ actors: fakes(calls) }), { input }).start();
  return { calls, actor };
}

describe('builder machine rules', () => {
  it('keeps every untouched block as the same object when one changes, so 300 blocks stay fast', () => {
    const items = Array.from({ length: 300 }, (_, i) => block(`Block ${i}`, true));
    const { actor } = start({ items });
    const before = actor.getSnapshot().context.items;
    const started = performance.now();
    actor.send({ type: 'item.hide', at: 150, hidden: true });
    actor.send({ type: 'item.move', from: 0, to: 299 });
    actor.send({ type: 'item.duplicate', at: 10 });
    actor.send({ type: 'item.remove', at: 20 });
    actor.send({ type: 'history.undo' });
    expect(performance.now() - started).toBeLessThan(100);
    const after = actor.getSnapshot().context.items;
    expect(after).toHaveLength(301);
    const reused = after.filter((item) => before.includes(item)).length;
    // Only the hidden block was replaced; the duplicate is the one new entry.
    expect(reused).toBe(299);
  });

  it('remembers at most the history limit of changes and undoes them in order', () => {
    const { actor } = start();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++)
      actor.send({ type: 'item.add', item: block(`Block ${i}`, true) });
    expect(actor.getSnapshot().context.past).toHaveLength(HISTORY_LIMIT);
    actor.send({ type: 'history.undo' });
    actor.send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.items.at(-1)?.name).toBe(`Block ${HISTORY_LIMIT + 2}`);
    actor.send({ type: 'history.redo' });
    expect(actor.getSnapshot().context.items.at(-1)?.name).toBe(`Block ${HISTORY_LIMIT + 3}`);
  });

  it('asks for the slug once, 500 ms after the name stops changing', async () => {
    const { actor, calls } = start({ name: 'Home', slug: 'home' });
    actor.send({ type: 'name.change', name: 'Used' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS - 1);
    actor.send({ type: 'name.change', name: 'Used cars' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS - 1);
    expect(calls.inputsOf('slugOf')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.inputsOf('slugOf')).toEqual([{ name: 'Used cars' }]);
    calls.resolve('slugOf', { slug: 'used-cars' });
    await settle();
    expect(actor.getSnapshot().context.slug).toBe('used-cars');
  });

  it('keeps the blocks, name and slug when the save fails, and saves them again', async () => {
    const { actor, calls } = start({ items: [hero], name: 'Home', slug: 'home' });
    actor.send({ type: 'item.add', item: faq });
    actor.send({ type: 'page.save' });
    calls.reject('save', new ApiError(500, 'Server Error'));
    await settle();
    const { context } = actor.getSnapshot();
    expect(shown(context.items)).toEqual(['Hero', 'FAQ']);
    expect(context.error).toBe('Server Error');
    actor.send({ type: 'page.save' });
    expect(calls.inputsOf('save').at(-1)).toEqual({ items: [hero, faq], name: 'Home', slug: 'home' });
  });
});
