import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { PageItem } from '@/api/contract/blocks';
import type { BuilderDraft, BuilderEvent, BuilderInput, SavedSlug } from '@/machines/builder';
import {
  type BuilderSpecEvent,
  type BuilderSpecInput,
  builderSpec,
  CONFLICT,
  EDITING_LOCK,
  FAILURE,
  FAQ,
  HERO,
  PASTED,
  REVISION,
  type SpecBlock,
  type SpecBounds,
  shownBlock,
} from './builder-spec';
import { describeSpecEvent } from './lifecycle-spec';
import { type ModelPath, modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { builderMachine, EDITING_LOCK_MESSAGE, HISTORY_LIMIT, SLUG_DELAY_MS, draftOf } = await loadMachine(
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
    save: calls.actor<SavedSlug | undefined, BuilderDraft>('save'),
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
      calls.resolve('save', undefined);
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
    case 'revision.load':
      actor.send({ type: 'revision.load', draft: { ...event.draft, items: event.draft.blocks.map(block) } });
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
  [
    'a revision loaded from the history, undone and saved',
    two,
    { revision: true, edit: true, save: true },
    { blocks: 2, history: 1, keys: 3 },
    4,
  ],
  [
    'a revision offered over kept work',
    kept,
    { revision: true, save: true },
    { blocks: 2, history: 1, keys: 4 },
    3,
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

/** A block change of each kind, on the page of two. */
const blockChanges: BuilderSpecEvent[] = [
  { type: 'item.add', block: FAQ },
  { type: 'item.paste', blocks: [PASTED], at: 0 },
  { type: 'item.move', from: 0, to: 1 },
  { type: 'item.remove', at: 0 },
  { type: 'item.duplicate', at: 0 },
  { type: 'item.hide', at: 0, hidden: true },
];

/**
 * Paths on the page of two that the graphs above leave out, as their bounds never reach them: a
 * block change or a redo after a failed save (the page no longer shows the failure), and a block
 * added after a revision was loaded (it gets a key of its own).
 */
const chosen: BuilderSpecEvent[][] = [
  ...blockChanges.map((change): BuilderSpecEvent[] => [{ type: 'page.save' }, { type: 'save.fail' }, change]),
  [
    { type: 'item.remove', at: 0 },
    { type: 'history.undo' },
    { type: 'page.save' },
    { type: 'save.fail' },
    { type: 'history.redo' },
  ],
  [
    { type: 'revision.load', draft: REVISION },
    { type: 'item.add', block: HERO },
  ],
];

describe('the builder machine follows the spec model along chosen paths', () => {
  const spec = builderSpec(two, {}, { blocks: 0, history: 0, keys: 0 });
  for (const events of chosen) {
    const path: ModelPath<BuilderSpecEvent> = { events, title: events.map(describeSpecEvent).join(', ') };
    it(`shows what the spec says after ${path.title}`, async () => {
      const { actor, calls } = start(toInput(two));
      await replayModel(spec, path, {
        apply: (event) => apply(actor, calls, event),
        sees: () => seen(actor),
        calls: () => spoken(calls),
      });
      actor.stop();
    });
  }
});

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

  it('shows the slug the save answers, unless the name changed while it was saved', async () => {
    const { actor, calls } = start({ name: 'Offers', slug: 'offers' });
    actor.send({ type: 'page.save' });
    calls.resolve('save', { name: 'Offers', slug: 'offers-2' });
    await settle();
    expect(actor.getSnapshot().context.slug).toBe('offers-2');
    actor.send({ type: 'page.save' });
    actor.send({ type: 'name.change', name: 'Deals' });
    calls.resolve('save', { name: 'Offers', slug: 'offers-3' });
    await settle();
    expect(actor.getSnapshot().context.slug).toBe('offers-2');
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    calls.resolve('slugOf', { slug: 'deals' });
    await settle();
    expect(actor.getSnapshot().context.slug).toBe('deals');
  });

  it("says in the spec's words why Save waits while a block is open", () => {
    expect(EDITING_LOCK_MESSAGE).toBe(EDITING_LOCK);
  });

  it('started without its calls, never takes a save or a slug it did not get', async () => {
    const actor = createActor(builderMachine, {
      input: { items: [hero], name: 'Home', slug: 'home' },
    }).start();
    actor.send({ type: 'name.change', name: 'Used' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    actor.send({ type: 'page.save' });
    await settle();
    expect(actor.getSnapshot().status).toBe('active');
    expect(seen(actor)).toMatchObject({ slug: 'home', saved: false, failed: true, changed: true });
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
    // The new block was given its id when it was added: it is the same block in every save.
    const added = { ...faq, id: expect.stringMatching(/^[0-9a-f-]{36}$/) };
    expect(calls.inputsOf('save').at(-1)).toEqual({
      items: [hero, added],
      name: 'Home',
      slug: 'home',
      fields: {},
    });
    expect(draftOf(actor.getSnapshot().context)).toEqual({
      items: [hero, added],
      name: 'Home',
      slug: 'home',
      fields: {},
    });
  });
});

describe("a refused save's field errors", () => {
  it('clear as soon as their own field changes, and stay on the fields left as they were', async () => {
    const meta = { title: '', description: '' };
    const { actor, calls } = start({ items: [hero], name: '', slug: '', fields: { meta, published: 0 } });
    actor.send({ type: 'page.save' });
    calls.reject(
      'save',
      new ApiError(422, 'The given data was invalid.', {
        'data.name': ['Enter a name.'],
        'data.meta.title': ['Enter a meta title.'],
        'data.meta.description': ['Enter a meta description.'],
        'data.published_at': ['Enter a publish date.'],
        'data.items.0.name': ['Enter a block name.'],
      }),
    );
    await settle();
    const errors = () => Object.keys(actor.getSnapshot().context.fieldErrors);

    actor.send({ type: 'field.change', name: 'meta', value: { ...meta, title: 'New title' } });
    expect(errors()).toEqual([
      'data.name',
      'data.meta.description',
      'data.published_at',
      'data.items.0.name',
    ]);
    actor.send({ type: 'field.change', name: 'published', value: 1 });
    expect(errors()).toEqual([
      'data.name',
      'data.meta.description',
      'data.published_at',
      'data.items.0.name',
    ]);
    actor.send({ type: 'field.change', name: 'published_at', value: '2030-01-01T09:00' });
    expect(errors()).toEqual(['data.name', 'data.meta.description', 'data.items.0.name']);
    actor.send({ type: 'name.change', name: 'Home' });
    expect(errors()).toEqual(['data.meta.description', 'data.items.0.name']);
  });
});

describe('builder machine edges', () => {
  const named = (name: string) => block({ name, hideable: true, hidden: false });
  const [a, b, c] = [named('A'), named('B'), named('C')];
  const names = (actor: ReturnType<typeof start>['actor']) =>
    actor.getSnapshot().context.items.map((item) => item.name);

  it('starts empty, unlocked and unnamed without input', () => {
    for (const input of [undefined, {}]) {
      // Without input at all, as plain JavaScript could start it.
      const actor = createActor(builderMachine, { input: input as BuilderInput }).start();
      const { context } = actor.getSnapshot();
      expect(context).toMatchObject({
        items: [],
        keys: [],
        name: '',
        slug: '',
        fields: {},
        locked: false,
        draft: null,
      });
      expect(actor.getSnapshot().matches({ page: { ready: 'idle' } })).toBe(true);
      actor.send({ type: 'item.add', item: a });
      expect(actor.getSnapshot().context.items).toEqual([{ ...a, id: expect.any(String) }]);
    }
  });

  it('refuses positions that are not a block, and changes that change nothing', () => {
    const { actor } = start({ items: [a, b] });
    const refused: BuilderEvent[] = [
      { type: 'item.edit', at: -1 },
      { type: 'item.edit', at: 2 },
      { type: 'item.edit', at: 0.5 },
      { type: 'item.remove', at: -1 },
      { type: 'item.remove', at: 1.5 },
      { type: 'item.duplicate', at: 2 },
      { type: 'item.hide', at: -1, hidden: true },
      { type: 'item.hide', at: 0, hidden: false },
      { type: 'item.move', from: 0, to: 0 },
      { type: 'item.move', from: 0, to: 2 },
      { type: 'item.move', from: -1, to: 0 },
      { type: 'item.move', from: 0.5, to: 1 },
      { type: 'item.paste', items: [] },
      { type: 'item.cancel' },
      { type: 'item.save', item: c },
      { type: 'name.change', name: '' },
      { type: 'field.change', name: 'meta_title', value: undefined },
      { type: 'history.undo' },
      { type: 'history.redo' },
    ];
    for (const event of refused) {
      actor.send(event);
      const { context } = actor.getSnapshot();
      expect(
        { items: context.items, editing: context.editing, past: context.past.length },
        event.type,
      ).toEqual({
        items: [a, b],
        editing: null,
        past: 0,
      });
    }
  });

  it('keeps the open block open through moves, inserts and removals around it', () => {
    for (const editing of [0, 1, 2])
      for (const from of [0, 1, 2])
        for (const to of [0, 1, 2]) {
          if (from === to) continue;
          const { actor } = start({ items: [a, b, c] });
          actor.send({ type: 'item.edit', at: editing });
          const key = actor.getSnapshot().context.keys[editing];
          actor.send({ type: 'item.move', from, to });
          const { context } = actor.getSnapshot();
          expect(context.keys[context.editing ?? -1], `${editing}: ${from} to ${to}`).toBe(key);
        }
    for (const editing of [0, 1, 2])
      for (const at of [0, 1, 2]) {
        const removed = start({ items: [a, b, c] }).actor;
        removed.send({ type: 'item.edit', at: editing });
        removed.send({ type: 'item.remove', at });
        expect(removed.getSnapshot().context.editing, `remove ${at} open ${editing}`).toBe(
          at === editing ? null : at < editing ? editing - 1 : editing,
        );
        const duplicated = start({ items: [a, b, c] }).actor;
        duplicated.send({ type: 'item.edit', at: editing });
        duplicated.send({ type: 'item.duplicate', at });
        expect(duplicated.getSnapshot().context.editing, `duplicate ${at} open ${editing}`).toBe(
          at < editing ? editing + 1 : editing,
        );
        const pasted = start({ items: [a, b, c] }).actor;
        pasted.send({ type: 'item.edit', at: editing });
        pasted.send({ type: 'item.paste', items: [hero], at });
        expect(pasted.getSnapshot().context.editing, `paste at ${at} open ${editing}`).toBe(
          at <= editing ? editing + 1 : editing,
        );
      }
  });

  it('puts a duplicate after its original, as a new object with a new key', () => {
    const { actor } = start({ items: [a, b, c] });
    actor.send({ type: 'item.duplicate', at: 0 });
    const { context } = actor.getSnapshot();
    expect(context.items[0]).toBe(a);
    expect(context.items[1]).not.toBe(a);
    // The same content, but another block: its own id, so a lock tells the two apart.
    expect(context.items[1]).toEqual({ ...a, id: expect.any(String) });
    expect(context.items[1]!.id).not.toBe(a.id);
    expect(context.items.slice(2)).toEqual([b, c]);
    expect(context.keys).toEqual([0, 3, 1, 2]);
  });

  it('pastes at the place given, or at the end when there is no such place, and never on a locked page', () => {
    for (const [at, expected] of [
      [0, ['Hero', 'A', 'B']],
      [1, ['A', 'Hero', 'B']],
      [2, ['A', 'B', 'Hero']],
      [3, ['A', 'B', 'Hero']],
      [-1, ['A', 'B', 'Hero']],
      [0.5, ['A', 'B', 'Hero']],
      [undefined, ['A', 'B', 'Hero']],
    ] as const) {
      const { actor } = start({ items: [a, b] });
      actor.send({ type: 'item.paste', items: [hero], ...(at === undefined ? {} : { at }) });
      expect(names(actor), String(at)).toEqual(expected);
      expect(actor.getSnapshot().context.keys).toEqual(
        expected.map((name) => (name === 'Hero' ? 2 : name === 'A' ? 0 : 1)),
      );
    }
    const { actor } = start({ items: [a], locked: true });
    actor.send({ type: 'item.paste', items: [hero] });
    expect(names(actor)).toEqual(['A']);
  });

  it('takes typing in one field as one change, and a change of field as another', () => {
    const { actor } = start({ items: [a], name: 'Home', fields: { meta_title: '' } });
    actor.send({ type: 'name.change', name: 'Ho' });
    actor.send({ type: 'name.change', name: 'Hot' });
    actor.send({ type: 'field.change', name: 'meta_title', value: 'S' });
    actor.send({ type: 'field.change', name: 'meta_title', value: 'Sp' });
    actor.send({ type: 'field.change', name: 'meta_description', value: 'D' });
    expect(actor.getSnapshot().context.past).toHaveLength(3);
    actor.send({ type: 'history.undo' });
    actor.send({ type: 'history.undo' });
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Hot', fields: { meta_title: '' } });
    actor.send({ type: 'history.undo' });
    expect(actor.getSnapshot().context.name).toBe('Home');
  });

  it('asks for the slug again only when undo or redo brings another name back', async () => {
    const { actor, calls } = start({ items: [a], name: 'Home', slug: 'home' });
    actor.send({ type: 'item.remove', at: 0 });
    actor.send({ type: 'history.undo' });
    actor.send({ type: 'history.redo' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    expect(calls.inputsOf('slugOf')).toEqual([]);
    actor.send({ type: 'name.change', name: 'Used cars' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    calls.resolve('slugOf', { slug: 'used-cars' });
    actor.send({ type: 'history.undo' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    actor.send({ type: 'history.redo' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    expect(calls.inputsOf('slugOf')).toEqual([
      { name: 'Used cars' },
      { name: 'Home' },
      { name: 'Used cars' },
    ]);
  });

  it('never asks for the slug of a blank name', async () => {
    const { actor, calls } = start({ name: 'Home' });
    actor.send({ type: 'name.change', name: '   ' });
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    expect(calls.inputsOf('slugOf')).toEqual([]);
    expect(actor.getSnapshot().matches({ slug: 'idle' })).toBe(true);
  });

  it('takes nothing while earlier work is offered, and the same name is no change', async () => {
    const draft = { items: [b], name: 'Kept', slug: 'kept', fields: {} };
    const { actor } = start({ items: [a], name: 'Home', draft });
    for (const event of [
      { type: 'name.change', name: 'Other' },
      { type: 'item.paste', items: [c] },
      { type: 'field.change', name: 'meta_title', value: 'X' },
      { type: 'page.save' },
    ] as BuilderEvent[])
      actor.send(event);
    expect(actor.getSnapshot().context).toMatchObject({ items: [a], name: 'Home', past: [], changed: false });
    actor.send({ type: 'draft.discard' });
    const saved = start({ items: [a], name: 'Home' });
    saved.actor.send({ type: 'page.save' });
    saved.calls.resolve('save', undefined);
    await settle();
    saved.actor.send({ type: 'name.change', name: 'Home' });
    expect(saved.actor.getSnapshot().matches({ page: { ready: 'saved' } })).toBe(true);
    expect(saved.actor.getSnapshot().context.past).toHaveLength(0);
    saved.actor.send({ type: 'name.change', name: 'Homes' });
    expect(saved.actor.getSnapshot().matches({ page: { ready: 'idle' } })).toBe(true);
  });

  it('opens a record the user may only read for reading: its blocks open and close, nothing else is taken', async () => {
    const draft = { items: [c], name: 'Kept', slug: 'kept', fields: {} };
    const { actor, calls } = start({ items: [a, b], name: 'Home', slug: 'home', readOnly: true, draft });
    // Earlier work is not offered back: it could not be saved.
    expect(actor.getSnapshot().matches({ page: 'offered' })).toBe(false);
    const refused: BuilderEvent[] = [
      { type: 'item.add', item: c },
      { type: 'item.paste', items: [c] },
      { type: 'item.move', from: 0, to: 1 },
      { type: 'item.remove', at: 0 },
      { type: 'item.duplicate', at: 0 },
      { type: 'item.hide', at: 0, hidden: true },
      { type: 'name.change', name: 'Used cars' },
      { type: 'field.change', name: 'meta_title', value: 'Cars' },
      { type: 'revision.load', draft },
      { type: 'draft.restore' },
      { type: 'history.undo' },
      { type: 'page.save' },
    ];
    for (const event of refused) actor.send(event);
    await vi.advanceTimersByTimeAsync(SLUG_DELAY_MS);
    expect(actor.getSnapshot().context).toMatchObject({
      items: [a, b],
      name: 'Home',
      slug: 'home',
      fields: {},
      past: [],
      changed: false,
    });
    expect(calls.inputsOf('slugOf')).toEqual([]);
    expect(calls.inputsOf('save')).toEqual([]);

    actor.send({ type: 'item.edit', at: 1 });
    expect(actor.getSnapshot().context.editing).toBe(1);
    actor.send({ type: 'item.save', item: c });
    expect(actor.getSnapshot().context.items).toEqual([a, b]);
    actor.send({ type: 'item.cancel' });
    expect(actor.getSnapshot().context.editing).toBeNull();
  });
});
