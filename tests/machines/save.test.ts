import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { ApiError } from '@/api/client';
import {
  type FormValues,
  type SaveContext,
  type SaveEvent,
  saveMachine,
  toDottedPath,
} from '@/machines/save';
import { describePath, FakeCalls, handled, replayPath, settle } from './replay';

const typed: FormValues = {
  site_name: 'Northern Motors',
  social: { facebook: 'not a url', twitter: '' },
  cap: { valuation_margin: 10 },
};

const fieldErrors = new ApiError(422, 'The given data was invalid.', {
  'social.facebook': ['Enter a valid URL.', 'A second message nobody should see.'],
  site_name: ['Enter a site name.'],
});
const conflict = new ApiError(409, 'Someone else changed this record. Reload it to see their changes.');

const events = [
  { type: 'form.submit', values: typed },
  { type: 'form.change', name: 'social.facebook' },
  { type: 'form.reset' },
  { type: 'xstate.done.actor.validate', output: { valid: true } },
  { type: 'xstate.error.actor.validate', error: fieldErrors },
  { type: 'xstate.error.actor.validate', error: new ApiError(500, 'Server Error') },
  { type: 'xstate.done.actor.save', output: { id: 42, message: 'Saved.' } },
  { type: 'xstate.error.actor.save', error: conflict },
  {
    type: 'xstate.error.actor.save',
    error: new ApiError(422, 'The given data was invalid.', { email: ['Taken.'] }),
  },
] as unknown as SaveEvent[]; // done/error events are the machine's own, outside the SaveEvent union

function fakes(calls: FakeCalls) {
  return {
    validate: calls.actor<unknown, FormValues>('validate'),
    save: calls.actor<unknown, FormValues>('save'),
  };
}

/**
 * The rules of the save flow, computed from the events alone: what the user typed is
 * never lost, a conflict is only ever a 409, and a field error disappears only when that
 * field changes or a new answer arrives.
 */
function saveRules(snapshot: { value: unknown; context: unknown }, taken: EventObject[]) {
  const context = snapshot.context as SaveContext;
  let values: FormValues = {};
  // The conflict notice stays while the user edits, until the next submit or reset.
  let conflicted = false;
  for (const event of taken) {
    if (event.type === 'form.submit') {
      values = (event as Extract<SaveEvent, { type: 'form.submit' }>).values;
      conflicted = false;
    }
    if (event.type === 'form.reset') {
      values = {};
      conflicted = false;
    }
    if (event.type.startsWith('xstate.error.actor.')) {
      const error = (event as EventObject & { error: unknown }).error;
      conflicted = error instanceof ApiError && error.status === 409;
    }
  }
  expect(context.values).toEqual(values);
  expect(context.conflict).toBe(conflicted);
  if (snapshot.value === 'failed') expect(context.error).not.toBeNull();
  if (snapshot.value === 'invalid') expect(Object.keys(context.fieldErrors).length).toBeGreaterThan(0);
  if (snapshot.value === 'saved') expect(context.savedId).toBe(42);
  for (const message of Object.values(context.fieldErrors)) {
    expect(message).not.toBe('A second message nobody should see.');
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('save machine paths', () => {
  const shortest = getShortestPaths(saveMachine, {
    events,
    filterEvents: handled,
  });
  const simple = getSimplePaths(saveMachine, {
    events,
    filterEvents: handled,
    toState: (state) => state.matches('saved'),
  });

  it('covers every state of the machine', () => {
    const reached = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
    expect([...reached].sort()).toEqual(
      ['"editing"', '"validating"', '"saving"', '"saved"', '"invalid"', '"failed"'].sort(),
    );
  });

  for (const path of [...shortest, ...simple]) {
    it(`reaches ${describePath(path)}`, async () => {
      const calls = new FakeCalls();
      const actor = await replayPath(path, {
        logic: saveMachine.provide({ actors: fakes(calls) }),
        calls,
        check: saveRules,
      });
      // Both calls only ever receive what the user submitted last.
      for (const input of [...calls.inputsOf('validate'), ...calls.inputsOf('save')]) {
        expect(input).toEqual(typed);
      }
      actor.stop();
    });
  }
});

function start() {
  const calls = new FakeCalls();
  const actor = createActor(saveMachine.provide({ actors: fakes(calls) }), { input: {} }).start();
  return { calls, actor };
}

describe('save machine rules', () => {
  it('validates first and saves only when validation passes', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    expect(calls.made.map((call) => call.src)).toEqual(['validate']);
    calls.resolve('validate', { valid: true });
    await settle();
    expect(calls.made.map((call) => call.src)).toEqual(['validate', 'save']);
    calls.resolve('save', { id: 7, message: 'You have added a new user.' });
    await settle();
    expect(actor.getSnapshot().value).toBe('saved');
    expect(actor.getSnapshot().context.savedId).toBe(7);
  });

  it('shows the first message per field and never saves invalid values', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.reject('validate', fieldErrors);
    await settle();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      'social.facebook': 'Enter a valid URL.',
      site_name: 'Enter a site name.',
    });
    expect(calls.inputsOf('save')).toEqual([]);
  });

  it('keeps what the user typed when the save fails', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.resolve('validate', { valid: true });
    await settle();
    calls.reject('save', new ApiError(500, 'Server Error'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.values).toEqual(typed);
    expect(actor.getSnapshot().context.error).toBe('Server Error');
    expect(actor.getSnapshot().context.conflict).toBe(false);
  });

  it('reports a conflict when someone else changed the record (409)', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.resolve('validate', { valid: true });
    await settle();
    calls.reject('save', conflict);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.conflict).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(conflict.message);
  });

  it('clears only the changed field error and keeps the others', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.reject('validate', fieldErrors);
    await settle();
    actor.send({ type: 'form.change', name: 'social.facebook' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ site_name: 'Enter a site name.' });
    expect(actor.getSnapshot().context.values).toEqual(typed);
  });

  it('clears the errors of a repeatable field named the way forms name it', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.reject(
      'validate',
      new ApiError(422, 'The given data was invalid.', {
        'team.0.name': ['Enter a name.'],
        'team.0.image.0': ['Upload an image.'],
        'team.1.name': ['Enter a name.'],
      }),
    );
    await settle();
    actor.send({ type: 'form.change', name: 'team[0].image' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      'team.0.name': 'Enter a name.',
      'team.1.name': 'Enter a name.',
    });
    expect(toDottedPath('opening_times[2].days.monday')).toBe('opening_times.2.days.monday');
  });

  it('shows field errors that the save call finds after validation passed', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.resolve('validate', { valid: true });
    await settle();
    calls.reject('save', new ApiError(422, 'The given data was invalid.', { email: ['Taken.'] }));
    await settle();
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Taken.' });
  });

  it('shows the message of a 422 that names no field', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.reject('validate', new ApiError(422, 'Nothing to update.'));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Nothing to update.');
  });

  it('submits again from a failure with the new values', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.reject('validate', new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
    const corrected = { ...typed, site_name: 'Northern Motors Group' };
    actor.send({ type: 'form.submit', values: corrected });
    expect(actor.getSnapshot().value).toBe('validating');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.inputsOf('validate')).toEqual([typed, corrected]);
  });

  it('ignores a second submit while the first is running', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    actor.send({ type: 'form.submit', values: { site_name: 'Other' } });
    expect(calls.inputsOf('validate')).toEqual([typed]);
    expect(actor.getSnapshot().context.values).toEqual(typed);
  });

  it('starts again from the given values after a reset', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.resolve('validate', { valid: true });
    await settle();
    calls.resolve('save', { id: 3 });
    await settle();
    actor.send({ type: 'form.reset', values: { site_name: '' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({
      values: { site_name: '' },
      fieldErrors: {},
      error: null,
      conflict: false,
      savedId: null,
    });
  });
});
