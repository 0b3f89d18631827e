import { assign } from 'xstate';
import { change } from './history';
import { itemsSetup } from './items';

/** The value at a dotted path within a field's value ('title' within meta). */
function valueAt(value: unknown, parts: readonly string[]): unknown {
  let at = value;
  for (const part of parts)
    at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  return at;
}

/**
 * A save's field errors less those the change of one page field answers: an error clears as soon
 * as its own field changes (Meta title's, when the meta title does; Meta description's stays), as
 * it does in the save forms. Errors are keyed by the body's path ('data.meta.title').
 */
export function errorsAfterChange(
  errors: Record<string, string>,
  name: string,
  before: unknown,
  after: unknown,
): Record<string, string> {
  const kept = Object.entries(errors).filter(([key]) => {
    const parts = key.replace(/^data\./, '').split('.');
    if (parts[0] !== name) return true;
    const rest = parts.slice(1);
    return JSON.stringify(valueAt(before, rest)) === JSON.stringify(valueAt(after, rest));
  });
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/** The slug is asked for this long after the last change of the name. */
export const SLUG_DELAY_MS = 500;

/**
 * The name, the slug that follows it, and the page's other fields. Typing on in one field is one
 * change of the history; the slug is asked for once the name stops changing.
 */
export const namingSetup = itemsSetup.extend({
  delays: { slugDelay: SLUG_DELAY_MS },
  guards: {
    fieldChanged: ({ context }, params: { name: string; value: unknown }) =>
      !Object.is(context.fields[params.name], params.value),
    // Nothing is taken while earlier work is offered back (it would be overwritten by either answer),
    // nor by a record opened for reading: its slug is never asked for.
    canRename: ({ context }, params: { name: string }) =>
      !context.readOnly && context.draft === null && params.name !== context.name,
    hasName: ({ context }) => context.name.trim() !== '',
  },
  actions: {
    setField: assign(({ context }, params: { name: string; value: unknown }) => ({
      ...change(
        context,
        { fields: { ...context.fields, [params.name]: params.value } },
        `field:${params.name}`,
      ),
      fieldErrors: errorsAfterChange(
        context.fieldErrors,
        params.name,
        context.fields[params.name],
        params.value,
      ),
    })),
    setName: assign(({ context }, params: { name: string }) => ({
      ...change(context, { name: params.name }, 'name'),
      fieldErrors: errorsAfterChange(context.fieldErrors, 'name', context.name, params.name),
    })),
    setSlug: assign({ slug: (_, params: { slug: string }) => params.slug }),
  },
});

/** The page's answers to the name and the fields, while it is ready. */
export const fieldTransitions = namingSetup.createStateConfig({
  on: {
    // The name changes in the slug region, which takes it while saving too.
    'name.change': {
      guard: { type: 'canRename', params: ({ event }) => ({ name: event.name }) },
      target: '.idle',
    },
    'field.change': {
      guard: {
        type: 'fieldChanged',
        params: ({ event }) => ({ name: event.name, value: event.value }),
      },
      target: '.idle',
      actions: {
        type: 'setField',
        params: ({ event }) => ({ name: event.name, value: event.value }),
      },
    },
  },
}).on;

/** The slug region: waits for typing to pause, then asks for the name's slug. */
export const slugRegion = namingSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {},
    waiting: {
      after: { slugDelay: [{ guard: 'hasName', target: 'asking' }, { target: 'idle' }] },
    },
    asking: {
      invoke: {
        id: 'slugOf',
        src: 'slugOf',
        input: ({ context }) => ({ name: context.name }),
        onDone: {
          target: 'idle',
          actions: { type: 'setSlug', params: ({ event }) => ({ slug: event.output.slug }) },
        },
        // The slug stays as it was; the server gives the final one on save.
        onError: { target: 'idle' },
      },
    },
  },
  on: {
    'name.change': {
      guard: { type: 'canRename', params: ({ event }) => ({ name: event.name }) },
      // Entered afresh on every keystroke (an open call is dropped), so the call waits for typing to pause.
      target: '.waiting',
      actions: { type: 'setName', params: ({ event }) => ({ name: event.name }) },
    },
    'slug.follow': { target: '.waiting' },
  },
});
