import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type {
  DuplicateInput,
  MoveInput,
  Placement,
  TreeEvent,
  TreeList,
  TreeLoadInput,
  TreeRow,
} from '@/machines/pageTree';
import { modelPaths, replayModel } from './model';
import {
  COPY,
  DELETED,
  FAILURE,
  FIELD_ERROR,
  firstRows,
  pageTreeSpec,
  ROWS,
  TOTAL,
  type TreeSeen,
  type TreeSpecEvent,
} from './pageTree-spec';
import { FakeCalls, loadMachine, settle } from './replay';

const { pageTreeMachine, shownRows, treeShows } = await loadMachine(import('@/machines/pageTree'));

interface Effects {
  deleted: { id: number; name: string; message: string }[];
  errors: string[];
  opened: number[];
  done: string[];
}

function machineWith(calls: FakeCalls, effects: Effects) {
  return pageTreeMachine.provide({
    actors: {
      load: calls.actor<TreeList, TreeLoadInput>('load'),
      publish: calls.actor<unknown, { id: number }>('publish'),
      remove: calls.actor<{ message: string }, { id: number }>('remove'),
      restore: calls.actor<unknown, { id: number }>('restore'),
      move: calls.actor<unknown, MoveInput>('move'),
      duplicate: calls.actor<{ id: number }, DuplicateInput>('duplicate'),
      sort: calls.actor<unknown, { placements: Placement[] }>('sort'),
    },
    actions: {
      announceDeleted: (_, params) => effects.deleted.push(params),
      announceError: (_, params) =>
        effects.errors.push(params.error instanceof ApiError ? params.error.message : 'not an ApiError'),
      openEditor: (_, params) => effects.opened.push(params.id),
      announceDone: (_, params) => effects.done.push(params.message),
    },
  });
}

const rowsOf = (ids: number[]): TreeRow[] => ids.map((id) => ({ ...ROWS[id as keyof typeof ROWS] }));

/** What `load` answers for what it was asked: three rows a page, four in all. */
function answerTo(input: TreeLoadInput, sortable: boolean): TreeList {
  const ids = input.more ? firstRows(input.pages).slice((input.pages - 1) * 3) : firstRows(input.pages);
  return { rows: rowsOf(ids), total: TOTAL, sortable };
}

const failure = () => new ApiError(422, FAILURE, { parent: [FIELD_ERROR.parent] });

function start() {
  const calls = new FakeCalls();
  const effects: Effects = { deleted: [], errors: [], opened: [], done: [] };
  const actor = createActor(machineWith(calls, effects)).start();
  return { calls, effects, actor };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const describeEvent = (event: TreeSpecEvent) => {
  const { type, ...rest } = event as TreeSpecEvent & Record<string, unknown>;
  const detail = Object.values(rest).join(' ');
  return detail ? `${type} ${detail}` : type;
};

describe('the page tree machine follows the spec model of a tree list', () => {
  const paths = modelPaths(pageTreeSpec, describeEvent);

  it('is replayed on paths that take every step the model allows', () => {
    const taken = new Set(paths.flatMap((path) => path.events.map(describeEvent)));
    for (const step of [
      'load.fixed',
      'list.more',
      'delete.undo 3',
      'reorder 3 4',
      'duplicate.submit',
      'move.submit 2',
      'list.retry',
    ])
      expect(taken, step).toContain(step);
    expect(paths.length).toBeGreaterThan(100);
  });

  for (const path of paths) {
    it(`shows what the spec says after ${path.title}`, async () => {
      const { calls, effects, actor } = start();
      // The server's list: ordered by hand unless `load.fixed` answered; a next page says the same.
      let sortable = true;
      await replayModel(pageTreeSpec, path, {
        apply: async (event) => {
          // The call the screen waits for is the last one made.
          if (event.type === 'load.ok' || event.type === 'load.fixed') {
            const input = calls.made.at(-1)!.input as TreeLoadInput;
            sortable = event.type === 'load.ok';
            calls.resolve('load', answerTo(input, sortable));
          } else if (event.type === 'call.ok') {
            const made = calls.made.at(-1)!;
            const more = made.src === 'load' && (made.input as TreeLoadInput).more;
            if (made.src === 'load' && !more) sortable = true;
            const output =
              made.src === 'load'
                ? answerTo(made.input as TreeLoadInput, sortable)
                : made.src === 'remove'
                  ? { message: DELETED }
                  : made.src === 'duplicate'
                    ? { id: COPY }
                    : {};
            calls.resolve(made.src, output);
          } else if (event.type === 'call.fail') {
            calls.reject(calls.made.at(-1)!.src, failure());
          } else if (event.type === 'reorder') {
            actor.send({ type: 'reorder', placements: [{ id: event.id, index: event.index }] });
          } else if (event.type === 'duplicate.submit') {
            actor.send({
              type: 'duplicate.submit',
              parent: event.parent,
              fields: { name: 'About copy', children: true, publish_children: false },
            });
          } else {
            actor.send(event as TreeEvent);
          }
          await settle();
        },
        sees: (): TreeSeen => {
          const snapshot = actor.getSnapshot();
          const { context } = snapshot;
          const failed = snapshot.matches('loadFailed');
          return {
            rows: shownRows(snapshot).map((row) => row.id),
            shows: treeShows(snapshot),
            error: failed || context.target ? context.error : null,
            confirm: context.pending,
            modal: context.target,
            // Field errors show in the open modal.
            fieldErrors: context.target ? context.fieldErrors : {},
            deleted: effects.deleted,
            toasts: effects.errors,
            opened: effects.opened.at(-1) ?? null,
          };
        },
        calls: () => calls.made,
      });
      actor.stop();
    });
  }
});

describe('page tree machine rules', () => {
  it('fails each call a screen did not provide, naming it, instead of waiting for ever', async () => {
    const { actors } = pageTreeMachine.implementations;
    for (const name of ['load', 'publish', 'remove', 'restore', 'move', 'duplicate', 'sort'] as const) {
      const actor = createActor(actors[name] as AnyActorLogic, { input: {} });
      const ended = toPromise(actor);
      actor.start();
      await expect(ended).rejects.toThrow(`${name} not provided`);
    }
  });

  async function ready(sortable = true) {
    const started = start();
    started.calls.resolve('load', answerTo({ pages: 1, more: false }, sortable));
    await settle();
    return started;
  }

  it('asks for the next page only while rows are left to load', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'list.more' });
    calls.resolve('load', answerTo({ pages: 2, more: true }, true));
    await settle();
    actor.send({ type: 'list.more' });
    expect(calls.inputsOf('load')).toEqual([
      { pages: 1, more: false },
      { pages: 2, more: true },
    ]);
    expect(shownRows(actor.getSnapshot()).map((row) => row.id)).toEqual([1, 2, 3, 4]);
  });

  it('closes a modal back to the rows, and a duplicate ends the list with its editor opening', async () => {
    const { actor, calls, effects } = await ready();
    for (const open of [
      { type: 'move.open', id: 3 },
      { type: 'duplicate.open', id: 2 },
    ] as const) {
      actor.send(open);
      actor.send({ type: 'modal.close' });
      expect(actor.getSnapshot().matches({ ready: 'idle' }), open.type).toBe(true);
      expect(actor.getSnapshot().context.target).toBeNull();
    }
    actor.send({ type: 'duplicate.open', id: 2 });
    actor.send({
      type: 'duplicate.submit',
      parent: null,
      fields: { name: 'Offers copy', children: false, publish_children: false },
    });
    expect(calls.inputsOf('duplicate')).toEqual([
      { id: 2, parent: null, fields: { name: 'Offers copy', children: false, publish_children: false } },
    ]);
    calls.resolve('duplicate', { id: COPY });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects.opened).toEqual([COPY]);
  });

  it('reloads every page on screen after a change, in one answer', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'list.more' });
    calls.resolve('load', answerTo({ pages: 2, more: true }, true));
    await settle();
    actor.send({ type: 'reorder', placements: [{ id: 4, index: 1 }] });
    expect(shownRows(actor.getSnapshot()).map((row) => row.id)).toEqual([4, 1, 2, 3]);
    calls.resolve('sort', {});
    await settle();
    expect(calls.inputsOf('load').at(-1)).toEqual({ pages: 2, more: false });
  });

  it('refuses a reorder when the parent orders by publish date', async () => {
    const { actor, calls } = await ready(false);
    actor.send({ type: 'reorder', placements: [{ id: 3, index: 2 }] });
    actor.send({ type: 'reorder', placements: [] });
    expect(calls.inputsOf('sort')).toEqual([]);
  });

  it('refuses a place before the first row or after the last', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'reorder', placements: [{ id: 3, index: 0 }] });
    actor.send({ type: 'reorder', placements: [{ id: 3, index: TOTAL + 1 }] });
    actor.send({ type: 'reorder', placements: [{ id: 42, index: 1 }] });
    expect(calls.inputsOf('sort')).toEqual([]);
    actor.send({ type: 'reorder', placements: [{ id: 3, index: TOTAL }] });
    expect(calls.inputsOf('sort')).toEqual([{ placements: [{ id: 3, index: TOTAL }] }]);
  });

  it('ignores rows it does not show, and an Undo before any row has loaded', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'delete.undo', id: 3 });
    expect(calls.inputsOf('restore')).toEqual([]);
    calls.resolve('load', answerTo({ pages: 1, more: false }, true));
    await settle();
    actor.send({ type: 'publish.ask', id: 42 });
    actor.send({ type: 'duplicate.open', id: 42 });
    actor.send({ type: 'move.open', id: 42 });
    actor.send({ type: 'delete.ask', id: 42 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    // One bad place spoils the whole reorder.
    actor.send({
      type: 'reorder',
      placements: [
        { id: 3, index: 1 },
        { id: 1, index: 2 },
      ],
    });
    expect(calls.inputsOf('sort')).toEqual([]);
  });

  it("says what a finished toggle or move did in the server's words, and nothing when it failed", async () => {
    const { actor, calls, effects } = await ready();
    actor.send({ type: 'publish.ask', id: 3 });
    actor.send({ type: 'confirm.accept' });
    calls.resolve('publish', { message: 'The page is published.', published: true });
    await settle();
    expect(effects.done).toEqual(['The page is published.']);
    calls.resolve('load', answerTo({ pages: 1, more: false }, true));
    await settle();

    actor.send({ type: 'move.open', id: 2 });
    actor.send({ type: 'move.submit', parent: 4 });
    calls.resolve('move', { message: 'The page has been moved.' });
    await settle();
    expect(effects.done).toEqual(['The page is published.', 'The page has been moved.']);
    calls.resolve('load', answerTo({ pages: 1, more: false }, true));
    await settle();

    actor.send({ type: 'publish.ask', id: 3 });
    actor.send({ type: 'confirm.accept' });
    calls.reject('publish', failure());
    await settle();
    expect(effects.done).toHaveLength(2);
    expect(effects.errors).toEqual([FAILURE]);
  });

  it('lets a locked row stay where it is among rows that move', async () => {
    const { actor, calls } = await ready();
    actor.send({
      type: 'reorder',
      placements: [
        { id: 1, index: 1 },
        { id: 3, index: 2 },
      ],
    });
    expect(calls.inputsOf('sort')).toHaveLength(1);
  });
});
