import type { SpecModel } from './model';

/**
 * Validate-then-save as spec §5 describes it, written without looking at the save machine: the
 * calls a submit makes and what the form shows. Areas without a validation call save at once.
 */

export const TYPED = { name: 'Northern Motors', social: { facebook: 'not a url' } };
export const FIELD_ERRORS = {
  'social.facebook': ['Enter a valid URL.', 'A second message nobody should see.'],
  name: ['Enter a name.'],
};
export const SAVE_FIELD_ERRORS = { email: ['Taken.'] };
export const FAILURE = 'Server Error';
export const CONFLICT = 'Someone else changed this record. Reload it to see their changes.';
export const SAVED_ID = 42;

export type SaveSpecEvent =
  | { type: 'form.submit' }
  | { type: 'form.change'; name: string }
  | { type: 'form.reset' }
  | { type: 'validate.ok' }
  | { type: 'validate.invalid' }
  | { type: 'validate.fail' }
  | { type: 'save.ok' }
  | { type: 'save.invalid' }
  | { type: 'save.conflict' };

export interface SaveSpecState {
  open: 'validate' | 'save' | null;
  values: Record<string, unknown>;
  fieldErrors: Record<string, string>;
  /** A failure not about one field, shown until the user changes something or submits again. */
  failure: string | null;
  conflict: boolean;
  saved: boolean;
  calls: Array<{ src: string; input: unknown }>;
}

export interface SaveSeen {
  pending: boolean;
  saved: boolean;
  values: Record<string, unknown>;
  fieldErrors: Record<string, string>;
  failure: string | null;
  conflict: boolean;
}

const first = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? '']));

function call(s: SaveSpecState, src: 'validate' | 'save'): SaveSpecState {
  return { ...s, open: src, calls: [...s.calls, { src, input: s.values }] };
}

export function saveSpec(validates: boolean): SpecModel<SaveSpecState, SaveSpecEvent, SaveSeen> {
  const initial: SaveSpecState = {
    open: null,
    values: {},
    fieldErrors: {},
    failure: null,
    conflict: false,
    saved: false,
    calls: [],
  };
  const step = (s: SaveSpecState, event: SaveSpecEvent): SaveSpecState => {
    const [src, outcome] = event.type.split('.');
    if (src === 'validate' || src === 'save') {
      if (s.open !== src) return s;
      const answered = { ...s, open: null };
      switch (outcome) {
        case 'ok':
          return src === 'validate' ? call({ ...s, fieldErrors: {} }, 'save') : { ...answered, saved: true };
        case 'invalid':
          return {
            ...answered,
            fieldErrors: first(src === 'validate' ? FIELD_ERRORS : SAVE_FIELD_ERRORS),
            failure: null,
            conflict: false,
          };
        case 'fail':
          return { ...answered, failure: FAILURE, conflict: false };
        case 'conflict':
          return { ...answered, failure: CONFLICT, conflict: true };
      }
      return s;
    }
    // A call is running: the form waits for its answer.
    if (s.open !== null) return s;
    switch (event.type) {
      case 'form.submit':
        return call(
          { ...s, values: TYPED, failure: null, conflict: false, saved: false },
          validates ? 'validate' : 'save',
        );
      case 'form.change': {
        const fieldErrors = Object.fromEntries(
          Object.entries(s.fieldErrors).filter(
            ([key]) => key !== event.name && !key.startsWith(`${event.name}.`),
          ),
        );
        // The failure message goes with the change; a conflict stays known until the next submit.
        return { ...s, fieldErrors, failure: null, saved: false };
      }
      case 'form.reset':
        return { ...initial, calls: s.calls };
    }
    return s;
  };
  const next = (s: SaveSpecState): SaveSpecEvent[] => {
    if (s.open === 'validate')
      return [{ type: 'validate.ok' }, { type: 'validate.invalid' }, { type: 'validate.fail' }];
    if (s.open === 'save') return [{ type: 'save.ok' }, { type: 'save.invalid' }, { type: 'save.conflict' }];
    return [
      { type: 'form.submit' },
      { type: 'form.change', name: 'social.facebook' },
      { type: 'form.reset' },
    ];
  };
  return {
    initial,
    step,
    next,
    sees: ({ calls: _calls, open, ...seen }) => ({ ...seen, pending: open !== null }),
    calls: (s) => s.calls,
    key: ({ calls: _calls, ...rest }) => JSON.stringify(rest),
  };
}
