import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { ApiError } from '@/api/client';
import { describeFailure } from './errors';

/** The values of a form as the screen submits them. */
export type FormValues = Record<string, unknown>;

export interface SaveContext {
  /** What the user last submitted: kept through every failure. */
  values: FormValues;
  /** First message per field, keyed by dotted path (`social.facebook`, `opening_times.0.department`). */
  fieldErrors: Record<string, string>;
  /**
   * The field errors as the last refused attempt gave them (the same object as `fieldErrors` until
   * the user clears one): the form moves focus to the first error of an attempt, never as the user
   * fixes them.
   */
  reported: Record<string, string>;
  /** The message of a failure that is not about one field. */
  error: string | null;
  /** The record changed since it was loaded (409): show the conflict, do not overwrite. */
  conflict: boolean;
  /** The id the save call answered with, when it answers with one. */
  savedId: number | null;
  /** Whether a submit asks the validation call first (areas without one save straight away). */
  validates: boolean;
}

export interface SaveInput {
  values?: FormValues;
  /** False for areas without a validation call (pages, forms, templates); true by default. */
  validates?: boolean;
}

export type SaveEvent =
  | { type: 'form.submit'; values: FormValues }
  /** A field changed: its own error goes, every other error and value stays. */
  | { type: 'form.change'; name: string }
  | { type: 'form.reset'; values?: FormValues };

/** Form field names (`team[0].name`) as the server keys its errors (`team.0.name`). */
export function toDottedPath(name: string): string {
  return name.replace(/\[(\d+)\]/g, '.$1');
}

function savedIdOf(output: unknown): number | null {
  if (typeof output === 'object' && output !== null && 'id' in output && typeof output.id === 'number') {
    return output.id;
  }
  return null;
}

/** While a call runs, the form holds still: a second submit, a change or a reset waits for the answer. */
const whileCalling = {
  'form.submit': undefined,
  'form.change': undefined,
  'form.reset': undefined,
} as const;

/**
 * Validate-then-save (spec §5): post to the validation call; on field errors show them and
 * stop; otherwise post to the save call. Areas without a validation call start with
 * `validates: false` and save straight away. Each screen provides `validate` and `save`.
 */
export const saveMachine = setup({
  types: {
    context: {} as SaveContext,
    events: {} as SaveEvent,
    input: {} as SaveInput,
  },
  actors: {
    validate: fromPromise<unknown, FormValues>(async () => {
      throw new Error('validate not provided');
    }),
    save: fromPromise<unknown, FormValues>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    validates: ({ context }) => context.validates,
    /** A 422 that names fields; a 422 without any goes to `failed` so its message shows. */
    hasFieldErrors: (_, params: { error: unknown }) =>
      params.error instanceof ApiError &&
      params.error.status === 422 &&
      Object.keys(params.error.errors).length > 0,
  },
  actions: {
    startAttempt: assign((_, params: { values: FormValues }) => ({
      values: params.values,
      error: null,
      conflict: false,
      savedId: null,
    })),
    clearFieldErrors: assign({ fieldErrors: {} }),
    clearFieldError: assign({
      fieldErrors: ({ context }, params: { name: string }) => {
        const path = toDottedPath(params.name);
        // A field's own error and those of its parts (`banner_img.0` under `banner_img`).
        const kept = Object.entries(context.fieldErrors).filter(
          ([key]) => key !== path && !key.startsWith(`${path}.`),
        );
        // Nothing to clear: the errors stay the same object, so nothing that shows them moves.
        if (kept.length === Object.keys(context.fieldErrors).length) return context.fieldErrors;
        return Object.fromEntries(kept);
      },
    }),
    setFieldErrors: assign((_, params: { error: unknown }) => {
      const { fieldErrors } = describeFailure(params.error);
      return { fieldErrors, reported: fieldErrors, error: null, conflict: false };
    }),
    setFailure: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return { error: failure.message, conflict: failure.status === 409 };
    }),
    setSavedId: assign({ savedId: (_, params: { output: unknown }) => savedIdOf(params.output) }),
    reset: assign((_, params: { values: FormValues }) => ({
      // `validates` is the area's, not the attempt's: a reset keeps it.
      values: params.values,
      fieldErrors: {},
      reported: {},
      error: null,
      conflict: false,
      savedId: null,
    })),
  },
}).createMachine({
  id: 'save',
  context: ({ input }) => ({
    values: input?.values ?? {},
    fieldErrors: {},
    reported: {},
    error: null,
    conflict: false,
    savedId: null,
    validates: input?.validates ?? true,
  }),
  initial: 'editing',
  // Editing, invalid, failed and saved all answer the user alike; the two call states hold still.
  on: {
    'form.submit': [
      {
        guard: 'validates',
        target: '.validating',
        actions: { type: 'startAttempt', params: ({ event }) => ({ values: event.values }) },
      },
      {
        target: '.saving',
        actions: { type: 'startAttempt', params: ({ event }) => ({ values: event.values }) },
      },
    ],
    'form.change': {
      target: '.editing',
      actions: { type: 'clearFieldError', params: ({ event }) => ({ name: event.name }) },
    },
    'form.reset': {
      target: '.editing',
      actions: { type: 'reset', params: ({ event }) => ({ values: event.values ?? {} }) },
    },
  },
  states: {
    editing: {},
    validating: {
      on: whileCalling,
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => context.values,
        onDone: { target: 'saving', actions: 'clearFieldErrors' },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saving: {
      on: whileCalling,
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => context.values,
        onDone: {
          target: 'saved',
          actions: { type: 'setSavedId', params: ({ event }) => ({ output: event.output }) },
        },
        onError: [
          // The server checks again on save; a rule that broke since validation shows per field.
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    invalid: {},
    failed: {},
    // Screens that stay open after a save (settings) keep editing from here.
    saved: {},
  },
});

export type SaveActor = ActorRefFrom<typeof saveMachine>;
