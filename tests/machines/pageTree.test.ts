import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ApiError } from '@/api/client';
import type {
  DuplicateInput,
  MoveInput,
  Placement,
  TreeContext,
  TreeEvent,
  TreeList,
  TreeRow,
} from '@/machines/pageTree';
import { describePath, FakeCalls, handled, loadMachine, replayPath, settle } from './replay';

const { pageTreeMachine, shownRows } = await loadMachine(import('@/machines/pageTree'));

const HOME: TreeRow = { id: 1, name: 'Home', locked: 1, total_children: 2 };
const OFFERS: TreeRow = { id: 2, name: 'Offers', locked: 0, total_children: 3 };
const ABOUT: TreeRow = { id: 3, name: 'About', locked: 0, total_children: 0 };
const list: TreeList = { rows: [HOME, OFFERS, ABOUT], sortable: true };
const rowById = new Map(list.rows.map((row) => [row.id, row]));

const events = [
  { type: 'list.reload' },
  { type: 'list.retry' },
  { type: 'publish.ask', id: 3 },
  { type: 'delete.ask', id: 1 },
  { type: 'delete.ask', id: 2 },
  { type: 'delete.ask', id: 3 },
  { type: 'move.open', id: 1 },
  { type: 'move.open', id: 3 },
  { type: 'duplicate.open', id: 2 },
  { type: 'modal.close' },
  { type: 'move.submit', parent: 2 },
  {
    type: 'duplicate.submit',
    parent: null,
    fields: { name: 'Offers copy', children: true, publish_children: false },
  },
  { type: 'reorder', placements: [{ id: 3, index: 2 }] },
  { type: 'reorder', placements: [{ id: 1, index: 3 }] },
  { type: 'delete.undo', id: 3 },
  { type: 'confirm.accept' },
  { type: 'confirm.cancel' },
  { type: 'xstate.done.actor.load', output: list },
  { type: 'xstate.error.actor.load', error: new ApiError(500, 'Server Error') },
  { type: 'xstate.done.actor.publish', output: { published: 1 } },
  { type: 'xstate.error.actor.publish', error: new ApiError(404, 'Gone') },
  { type: 'xstate.done.actor.remove', output: { message: 'The page has been deleted.' } },
  {
    type: 'xstate.error.actor.remove',
    error: new ApiError(422, 'You cannot delete as you have child pages.'),
  },
  { type: 'xstate.done.actor.restore', output: {} },
  { type: 'xstate.error.actor.restore', error: new ApiError(404, 'That page can no longer be put back.') },
  { type: 'xstate.done.actor.move', output: {} },
  { type: 'xstate.error.actor.move', error: new ApiError(422, 'Cycle', { parent: ['No loops.'] }) },
  { type: 'xstate.done.actor.duplicate', output: { id: 99 } },
  {
    type: 'xstate.error.actor.duplicate',
    error: new ApiError(422, 'Enter a name.', { 'fields.name': ['Enter a name.'] }),
  },
  { type: 'xstate.done.actor.sort', output: {} },
  { type: 'xstate.error.actor.sort', error: new ApiError(403, 'Locked') },
] as unknown as TreeEvent[];

interface Effects {
  deleted: { id: number; name: string; message: string }[];
  errors: unknown[];
  opened: number[];
}

function machineWith(calls: FakeCalls, effects: Effects) {
  return pageTreeMachine.provide({
    actors: {
      load: calls.actor<TreeList, void>('load'),
      publish: calls.actor<unknown, { id: number }>('publish'),
      remove: calls.actor<{ message: string }, { id: number }>('remove'),
      restore: calls.actor<unknown, { id: number }>('restore'),
      move: calls.actor<unknown, MoveInput>('move'),
      duplicate: calls.actor<{ id: number }, DuplicateInput>('duplicate'),
      sort: calls.actor<unknown, { placements: Placement[] }>('sort'),
    },
    actions: {
      announceDeleted: (_, params) => effects.deleted.push(params),
      announceError: (_, params) => effects.errors.push(params.error),
      openEditor: (_, params) => effects.opened.push(params.id),
    },
  });
}

/** What the spec says holds after each step, judged from the calls and effects, not the machine's graph. */
function treeRules(calls: FakeCalls, effects: Effects) {
  return (snapshot: { value: unknown; context: unknown }, taken: EventObject[]) => {
    const context = snapshot.context as TreeContext;
    const last = taken.at(-1)?.type ?? '';
    // Delete only pages without children that are not locked (spec §2, §4).
    for (const input of calls.inputsOf('remove') as { id: number }[]) {
      const row = rowById.get(input.id)!;
      expect(row.total_children).toBe(0);
      expect(row.locked).toBe(0);
    }
    // Locked pages show no move control.
    for (const input of calls.inputsOf('move') as MoveInput[]) expect(rowById.get(input.id)!.locked).toBe(0);
    // Reorders are 1-based and never shift a locked page.
    for (const input of calls.inputsOf('sort') as { placements: Placement[] }[]) {
      for (const p of input.placements) {
        expect(p.index).toBeGreaterThanOrEqual(1);
        expect(p.index).toBeLessThanOrEqual(list.rows.length);
        expect(rowById.get(p.id)!.locked).toBe(0);
      }
    }
    // After a toggle, a delete, a move, an Undo or a reorder, the list loads again.
    if (/done\.actor\.(publish|remove|move|restore|sort)$/.test(last)) expect(snapshot.value).toBe('loading');
    // The delete toast (with its Undo) follows every delete that worked, naming the page.
    const deletes = taken.filter((e) => e.type === 'xstate.done.actor.remove').length;
    expect(effects.deleted).toHaveLength(deletes);
    for (const d of effects.deleted)
      expect(d).toEqual({ id: 3, name: 'About', message: 'The page has been deleted.' });
    // A duplicate opens the new page's editor.
    if (last === 'xstate.done.actor.duplicate') expect(effects.opened).toEqual([99]);
    if (snapshot.value === 'opened') expect(context.created).toBe(99);
    // A failed move or duplicate keeps the modal open with the reason.
    if (last === 'xstate.error.actor.move') expect(snapshot.value).toEqual({ ready: 'moving' });
    if (last === 'xstate.error.actor.duplicate') {
      expect(context.fieldErrors).toEqual({ 'fields.name': 'Enter a name.' });
    }
    // While a reorder saves, the rows show in the new order.
    if (JSON.stringify(snapshot.value) === '{"ready":"reordering"}') {
      expect(shownRows({ context }).map((r) => r.id)).toEqual([1, 3, 2]);
    }
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The paths through the machine; a machine that cannot be walked fails a test instead of the file's loading. */
function walk() {
  try {
    return { paths: getShortestPaths(pageTreeMachine, { events, filterEvents: handled }), error: null };
  } catch (error) {
    return { paths: [], error };
  }
}

describe('page tree machine paths', () => {
  const { paths, error } = walk();

  it('covers every state of the machine', () => {
    if (error) throw error;
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(
      [
        '"loading"',
        '"loadFailed"',
        '"opened"',
        '{"ready":"idle"}',
        '{"ready":"confirmingPublish"}',
        '{"ready":"publishing"}',
        '{"ready":"confirmingDelete"}',
        '{"ready":"deleting"}',
        '{"ready":"restoring"}',
        '{"ready":"moving"}',
        '{"ready":"savingMove"}',
        '{"ready":"duplicating"}',
        '{"ready":"savingDuplicate"}',
        '{"ready":"reordering"}',
      ].sort(),
    );
  });

  for (const path of paths) {
    it(`reaches ${describePath(path)}`, async () => {
      const calls = new FakeCalls();
      const effects: Effects = { deleted: [], errors: [], opened: [] };
      const actor = await replayPath(path, {
        logic: machineWith(calls, effects),
        calls,
        check: treeRules(calls, effects),
      });
      actor.stop();
    });
  }
});

async function ready() {
  const calls = new FakeCalls();
  const effects: Effects = { deleted: [], errors: [], opened: [] };
  const actor = createActor(machineWith(calls, effects)).start();
  calls.resolve('load', list);
  await settle();
  return { calls, effects, actor };
}

describe('page tree machine rules', () => {
  it('refuses to ask about deleting a page with children or a locked page', async () => {
    const { actor } = await ready();
    actor.send({ type: 'delete.ask', id: 2 });
    actor.send({ type: 'delete.ask', id: 1 });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('toggles published only after the confirm, then reloads the list', async () => {
    const { actor, calls } = await ready();
    actor.send({ type: 'publish.ask', id: 3 });
    expect(calls.inputsOf('publish')).toEqual([]);
    actor.send({ type: 'confirm.accept' });
    expect(calls.inputsOf('publish')).toEqual([{ id: 3 }]);
    calls.resolve('publish', {});
    await settle();
    expect(calls.inputsOf('load')).toHaveLength(2);
  });

  it('puts a deleted page back when Undo is pressed while the list reloads', async () => {
    const { actor, calls, effects } = await ready();
    actor.send({ type: 'delete.ask', id: 3 });
    actor.send({ type: 'confirm.accept' });
    calls.resolve('remove', { message: 'The page has been deleted.' });
    await settle();
    expect(effects.deleted).toHaveLength(1);
    actor.send({ type: 'delete.undo', id: 3 });
    expect(calls.inputsOf('restore')).toEqual([{ id: 3 }]);
  });

  it('refuses a reorder when the parent orders by publish date', async () => {
    const calls = new FakeCalls();
    const actor = createActor(machineWith(calls, { deleted: [], errors: [], opened: [] })).start();
    calls.resolve('load', { ...list, sortable: false });
    await settle();
    actor.send({ type: 'reorder', placements: [{ id: 3, index: 2 }] });
    expect(calls.inputsOf('sort')).toEqual([]);
  });
});
