import { expect } from 'vitest';
import { type EventObject, fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/**
 * What the spec says a screen does, as a tiny reducer written from the spec alone: which calls the
 * console makes, with what, and what the user sees. It knows nothing of the machine under test:
 * paths are generated from it, replayed on the machine, and at every step the machine's calls
 * and what its screen would show must match the model's.
 */
export interface SpecModel<TState, TEvent extends EventObject, TSeen> {
  initial: TState;
  /** The spec's answer to one event (a user action, a call answering, time passing). */
  step: (state: TState, event: TEvent) => TState;
  /** What can happen next: what the screen lets the user do, and the answers of the open calls. */
  next: (state: TState) => TEvent[];
  /** What the user sees in this state. */
  sees: (state: TState) => TSeen;
  /** Every call the console has made so far, in order. */
  calls: (state: TState) => Array<{ src: string; input: unknown }>;
  /** Tells states apart for path generation (leave out what never changes the way forward). */
  key: (state: TState) => string;
}

export interface ModelPath<TEvent> {
  events: TEvent[];
  title: string;
}

/**
 * Every shortest path to each state of the model, and each of those followed by every next step
 * the model allows: so every transition (a 'No thanks' that returns to a state already reached,
 * a new submit after a save) is taken by some path. A path that a longer one starts with is left
 * out: the replay checks the machine after every step, so the longer path checks all it would.
 */
export function modelPaths<TState, TEvent extends EventObject, TSeen>(
  model: SpecModel<TState, TEvent, TSeen>,
  describe: (event: TEvent) => string,
  maxLength = Number.POSITIVE_INFINITY,
): ModelPath<TEvent>[] {
  const logic = fromTransition((state: TState, event: TEvent) => model.step(state, event), model.initial);
  const shortest = getShortestPaths(logic, {
    events: (snapshot) => model.next(snapshot.context),
    serializeState: (snapshot) => model.key(snapshot.context),
  });
  // Paths are told apart by the steps' descriptions, as their titles are.
  const key = (events: TEvent[]) => JSON.stringify(events.map(describe));
  const seen = new Set<string>();
  const starts = new Set<string>();
  const paths: ModelPath<TEvent>[] = [];
  for (const path of shortest) {
    const events = path.steps
      .map((step) => step.event as TEvent)
      .filter((e) => !e.type.startsWith('xstate.'));
    if (events.length >= maxLength) continue;
    let state = model.initial;
    for (const event of events) state = model.step(state, event);
    for (const last of [undefined, ...model.next(state)]) {
      const all = last ? [...events, last] : events;
      if (seen.has(key(all))) continue;
      seen.add(key(all));
      for (let length = 0; length < all.length; length++) starts.add(key(all.slice(0, length)));
      paths.push({ events: all, title: all.length ? all.map(describe).join(', ') : 'start' });
    }
  }
  return paths.filter((path) => !starts.has(key(path.events)));
}

/** Plays a model path on the machine: after each step the machine's calls and screen match the model's. */
export async function replayModel<TState, TEvent extends EventObject, TSeen>(
  model: SpecModel<TState, TEvent, TSeen>,
  path: ModelPath<TEvent>,
  machine: {
    /** Makes the event happen on the running machine (send it, settle a call, advance the clock). */
    apply: (event: TEvent) => Promise<void>;
    /** What the screen shows for the machine's current snapshot. */
    sees: () => TSeen;
    /** The calls the machine made so far. */
    calls: () => Array<{ src: string; input: unknown }>;
  },
): Promise<void> {
  let state = model.initial;
  const check = (where: string) => {
    expect(machine.calls(), `calls ${where}`).toEqual(model.calls(state));
    expect(machine.sees(), `screen ${where}`).toEqual(model.sees(state));
  };
  check(`at the start of ${path.title}`);
  for (const [index, event] of path.events.entries()) {
    await machine.apply(event);
    state = model.step(state, event);
    check(`after step ${index + 1} (${event.type}) of ${path.title}`);
  }
}
