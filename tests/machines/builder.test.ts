import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { PageItem } from '@/api/contract/pages';
import type { BuilderDraft, BuilderEvent, BuilderInput } from '@/machines/builder';
import {
  type BuilderSpecEvent,
  type BuilderSpecInput,
  builderSpec,
  CONFLICT,
  FAILURE,
  FAQ,
  HERO,
  type SpecBlock,
  type SpecBounds,
  shownBlock,
} from './builder-spec';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { builderMachine, HISTORY_LIMIT, SLUG_DELAY_MS, draftOf } = await loadMachine(
  import('@/machines/builder'),
);

/** The page item a spec block stands for. */
const block = ({ name, hideable, hidden }: SpecBlock): PageItem => ({
  index: 'rich_text',
  name,
  hideable: { item: hideable, sections: [] },
  hidden,
  sections: { content: { hidden: false, fields: { body: `# ${name}` }, entries: [] } },
});

const hero = block(HERO);
const faq = block(FAQ);

function fakes(calls: FakeCalls) {
  return {
    slugOf: calls.actor<{ slug: string }, { name: string }>('slugOf'),
    save: calls.actor<unknown, BuilderDraft>('save'),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The spec's event as the screen sends it, or as the call or the clock answers. */
async function apply(actor: ReturnType<typeof start>['actor'], calls: FakeCalls, event: BuilderSpecEvent) {
  switch (event.type) {
    case 'time.passes':
      await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
      break;
    case 'slug.ok':
      calls.resolve('slugOf', { slug: event.slug });
      break;
    case 'slug.fail':
      calls.reject('slugOf', new ApiError(500, FAILURE));
      break;
    case 'save.ok':
      calls.resolve('save', { message: 'Successfully updated page!' });
      break;
    case 'save.fail':
      calls.reject('save', new ApiError(500, FAILURE));
      break;
    case 'save.conflict':
      calls.reject('save', new ApiError(409, CONFLICT));
      break;
    case 'item.add':
      actor.send({ type: 'item.add', item: block(event.block) });
      break;
    case 'item.save':
      actor.send({ type: 'item.save', item: block(event.block) });
      break;
    case 'item.paste':
      actor.send({ type: 'item.paste', items: event.blocks.map(block), at: event.at });
      break;
    default:
      actor.send(event as BuilderEvent);
  }
  await settle();
}

/** What the builder screen shows for the machine's snapshot. */
function seen(actor: ReturnType<typeof start>['actor']) {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  return {
    blocks: context.items.map((item, i) =>
      shownBlock(
        { name: item.name, hideable: item.hideable.item, hidden: item.hidden },
        context.keys[i] ?? -1,
      ),
    ),
    open: context.editing,
    name: context.name,
    slug: context.slug,
    fields: context.fields,
    canUndo: snapshot.can({ type: 'history.undo' }),
    canRedo: snapshot.can({ type: 'history.redo' }),
    canAdd: snapshot.can({ type: 'item.add', item: hero }),
    canSave: snapshot.can({ type: 'page.save' }),
    offered: snapshot.matches({ page: 'offered' }),
    pending: snapshot.matches({ page: 'saving' }),
    saved: snapshot.matches({ page: { ready: 'saved' } }),
    failed: snapshot.matches({ page: { ready: 'failed' } }),
    error: context.error,
    conflict: context.conflict,
    changed: context.changed,
  };
}

const toInput = (input: BuilderSpecInput): BuilderInput => ({
  items: input.blocks.map(block),
  locked: input.locked,
  name: input.name,
  slug: input.slug,
  fields: input.fields,
  draft: input.draft && {
    items: input.draft.blocks.map(block),
    name: input.draft.name,
    slug: input.draft.slug,
    fields: input.draft.fields,
  },
});

const empty: BuilderSpecInput = { blocks: [], locked: false, name: '', slug: '', fields: {}, draft: null };
const home: BuilderSpecInput = {
  blocks: [HERO, FAQ],
  locked: true,
  name: 'Home',
  slug: 'home',
  fields: { meta_title: '' },
  draft: null,
};
const kept: BuilderSpecInput = {
  blocks: [HERO],
  locked: false,
  name: 'Home',
  slug: 'home',
  fields: { meta_title: '' },
  draft: {
    blocks: [FAQ, { ...HERO, hidden: true }],
    name: 'Used',
    slug: 'used',
    fields: { meta_title: 'Kept' },
  },
};

type Offer = Parameters<typeof builderSpec>[1];
const page: BuilderSpecInput = { ...empty, blocks: [HERO] };
const two: BuilderSpecInput = { ...empty, blocks: [HERO, FAQ] };

/** Each graph walks a few of the editor's actions, so the paths stay few and short. */
const configs: Array<[string, BuilderSpecInput, Offer, SpecBounds, number]> = [
  ['blocks added to an empty page', empty, { blocks: true }, { blocks: 2, history: 2, keys: 3 }, 3],
  ['block changes on a page of two', two, { blocks: true }, { blocks: 3, history: 1, keys: 3 }, 3],
  ['block changes on a locked page', home, { blocks: true }, { blocks: 2, history: 1, keys: 2 }, 3],
  ['the name, the slug and saving', empty, { name: true, save: true }, { blocks: 0, history: 1, keys: 0 }, 4],
  [
    'page fields, the editing lock and saving',
    page,
    { fields: true, edit: true, save: true },
    { blocks: 1, history: 1, keys: 1 },
    4,
  ],
  ['work kept from an earlier visit, saved', kept, { save: true }, { blocks: 2, history: 1, keys: 3 }, 4],
  [
    'work kept from an earlier visit, renamed',
    kept,
    { name: true, save: true },
    { blocks: 2, history: 1, keys: 3 },
    3,
  ],
];

for (const [title, input, offer, bounds, maxLength] of configs) {
  describe(`the builder machine follows the spec model: ${title}`, () => {
    const spec = builderSpec(input, offer, bounds);
    const paths = modelPaths(spec, describeSpecEvent, maxLength);

    it('walks enough paths', () => {
      expect(paths.length).toBeGreaterThan(10);
    });

    for (const path of paths) {
      it(`shows what the spec says after ${path.title}`, async () => {
        const { actor, calls } = start(toInput(input));
        await replayModel(spec, path, {
          apply: (event) => apply(actor, calls, event),
          sees: () => seen(actor),
          calls: () => spoken(calls),
        });
        actor.stop();
      });
    }
  });
}

/** The calls made, with the saved blocks as the spec writes them. */
function spoken(calls: FakeCalls) {
  return calls.made.map(({ src, input }) => {
    if (src !== 'save') return { src, input };
    const { items, ...rest } = input as BuilderDraft;
    const blocks = items.map((item) => ({
      name: item.name,
      hideable: item.hideable.item,
      hidden: item.hidden,
    }));
    return { src, input: { blocks, ...rest } };
  });
}

function start(input: BuilderInput = {}) {
  const calls = new FakeCalls();
  const actor = createActor(builderMachine.provide({ actors: fakes(calls) }), { input }).start();
  return { calls, actor };
}

describe('builder machine rules', () => {
  it('keeps every untouched block as the same object when one changes, so 300 blocks stay fast', () => {
    const items = Array.from({ length: 300 }, (_, i) =>
      block({ name: `Block ${i}`, hideable: true, hidden: false }),
    );
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
      actor.send({ type: 'item.add', item: block({ name: `Block ${i}`, hideable: true, hidden: false }) });
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
    expect(context.items.map((item) => item.name)).toEqual(['Hero', 'FAQ']);
    expect(context.error).toBe('Server Error');
    actor.send({ type: 'page.save' });
    expect(calls.inputsOf('save').at(-1)).toEqual({
      items: [hero, faq],
      name: 'Home',
      slug: 'home',
      fields: {},
    });
    expect(draftOf(actor.getSnapshot().context)).toEqual({
      items: [hero, faq],
      name: 'Home',
      slug: 'home',
      fields: {},
    });
  });
});
