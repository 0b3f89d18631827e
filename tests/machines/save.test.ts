import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { FormValues, SaveEvent } from '@/machines/save';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';
import { CONFLICT, FAILURE, FIELD_ERRORS, SAVE_FIELD_ERRORS, SAVED_ID, saveSpec, TYPED } from './save-spec';

const { saveMachine, toDottedPath } = await loadMachine(import('@/machines/save'));

const typed: FormValues = TYPED;
const fieldErrors = new ApiError(422, 'The given data was invalid.', FIELD_ERRORS);
const conflict = new ApiError(409, CONFLICT);

function fakes(calls: FakeCalls) {
  return {
    validate: calls.actor<unknown, FormValues>('validate'),
    save: calls.actor<unknown, FormValues>('save'),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const answers: Record<string, (calls: FakeCalls) => void> = {
  'validate.ok': (calls) => calls.resolve('validate', { valid: true }),
  'validate.invalid': (calls) => calls.reject('validate', fieldErrors),
  'validate.fail': (calls) => calls.reject('validate', new ApiError(500, FAILURE)),
  'save.ok': (calls) => calls.resolve('save', { id: SAVED_ID, message: 'Saved.' }),
  'save.invalid': (calls) =>
    calls.reject('save', new ApiError(422, 'The given data was invalid.', SAVE_FIELD_ERRORS)),
  'save.conflict': (calls) => calls.reject('save', conflict),
};

for (const validates of [true, false]) {
  describe(`the save machine follows the spec model ${validates ? 'with' : 'without'} a validation call`, () => {
    const spec = saveSpec(validates);
    const paths = modelPaths(spec, describeSpecEvent, 6);

    it('takes a new submit after a save, and every answer of every call', () => {
      const titles = paths.map((path) => path.title);
      expect(titles).toContain(
        validates ? 'form.submit, validate.ok, save.ok, form.submit' : 'form.submit, save.ok, form.submit',
      );
      const taken = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
      const answered = Object.keys(answers).filter((type) => validates || !type.startsWith('validate'));
      for (const type of answered) expect(taken, type).toContain(type);
    });

    for (const path of paths) {
      it(`shows what the spec says after ${path.title}`, async () => {
        const calls = new FakeCalls();
        const actor = createActor(saveMachine.provide({ actors: fakes(calls) }), {
          input: { validates },
        }).start();
        await replayModel(spec, path, {
          apply: async (event) => {
            const answer = answers[event.type];
            if (answer) answer(calls);
            else if (event.type === 'form.submit') actor.send({ type: 'form.submit', values: typed });
            else actor.send(event as SaveEvent);
            await settle();
          },
          sees: () => {
            const snapshot = actor.getSnapshot();
            const { context } = snapshot;
            return {
              pending: snapshot.matches('validating') || snapshot.matches('saving'),
              saved: snapshot.matches('saved') && context.savedId === SAVED_ID,
              values: context.values,
              fieldErrors: context.fieldErrors,
              failure: snapshot.matches('failed') ? context.error : null,
              conflict: context.conflict,
            };
          },
          calls: () => calls.made,
        });
        actor.stop();
      });
    }
  });
}

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
      name: 'Enter a name.',
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
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Enter a name.' });
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

  it('clears the errors of the twelfth row of a repeatable field, and only those', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.reject(
      'validate',
      new ApiError(422, 'The given data was invalid.', {
        'team.12.name': ['Enter a name.'],
        'team.1.name': ['Enter a name.'],
      }),
    );
    await settle();
    actor.send({ type: 'form.change', name: 'team[12].name' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ 'team.1.name': 'Enter a name.' });
  });

  // A save that answers no id (an update, a settings form) leaves the screen nowhere new to go.
  for (const [answer, output] of [
    ['nothing', undefined],
    ['null', null],
    ['a message only', { message: 'Saved.' }],
    ['an id that is not a number', { id: '7', message: 'Saved.' }],
    ['a bare number', 7],
  ] as const) {
    it(`is saved with no new id when the save call answers ${answer}`, async () => {
      const { actor, calls } = start();
      actor.send({ type: 'form.submit', values: typed });
      calls.resolve('validate', { valid: true });
      await settle();
      calls.resolve('save', output);
      await settle();
      expect(actor.getSnapshot().value).toBe('saved');
      expect(actor.getSnapshot().context.savedId).toBeNull();
    });
  }

  it('shows a conflict, not field errors, when a 409 answer names fields', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    calls.resolve('validate', { valid: true });
    await settle();
    calls.reject('save', new ApiError(409, CONFLICT, { updated_at: ['Changed since you opened it.'] }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ conflict: true, error: CONFLICT, fieldErrors: {} });
  });

  it('shows field errors only from the API: anything else thrown reads as a failure', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.submit', values: typed });
    const lookalike = Object.assign(new Error('Unexpected'), { status: 422, errors: FIELD_ERRORS });
    calls.reject('validate', lookalike);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'Something went wrong. Please try again.',
      fieldErrors: {},
    });
    expect(calls.inputsOf('save')).toEqual([]);
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
      reported: {},
      error: null,
      conflict: false,
      savedId: null,
      validates: true,
    });
  });
});
