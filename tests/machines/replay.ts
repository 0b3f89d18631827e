import { beforeEach, expect, vi } from 'vitest';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  type Snapshot,
} from 'xstate';
import type { StatePath } from 'xstate/graph';
import { ApiError } from '@/api/client';

interface OpenCall {
  src: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Promise actors whose calls stay open until the test settles them, so a generated path
 * decides whether each call succeeds or fails.
 */
/**
 * A machine module for a test file, awaited at the file's top level. A definition that throws
 * while loading then fails every test of the file: a file that fails to load is counted as a pass
 * by mutation testing (stryker-js#6150). The module still loads while the file is collected, as a
 * static import would, so a change to the definition reruns every test.
 */
export async function loadMachine<T>(loading: Promise<T>): Promise<T> {
  try {
    return await loading;
  } catch (error) {
    beforeEach(() => {
      throw error;
    });
    // Never used: every test fails in the hook above before it reaches the module.
    return {} as T;
  }
}

export class FakeCalls {
  private readonly open: OpenCall[] = [];
  /** Every call made, in order: what the machine asked for. */
  readonly made: Array<{ src: string; input: unknown }> = [];

  actor<TOutput, TInput = unknown>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.made.push({ src, input });
          this.open.push({
            src,
            input,
            // The output comes from the path's event samples, which the test typed.
            resolve: (value) => resolve(value as TOutput),
            reject,
          });
        }),
    );
  }

  /** The latest open call of `src`: an earlier one belongs to a state the machine left. */
  private take(src: string): OpenCall {
    for (let i = this.open.length - 1; i >= 0; i--) {
      const call = this.open[i];
      if (call?.src === src) {
        this.open.splice(i, 1);
        return call;
      }
    }
    throw new Error(`The machine did not call ${src}`);
  }

  resolve(src: string, value: unknown): void {
    this.take(src).resolve(value);
  }

  reject(src: string, error: unknown): void {
    this.take(src).reject(error);
  }

  inputsOf(src: string): unknown[] {
    return this.made.filter((call) => call.src === src).map((call) => call.input);
  }
}

/**
 * For `filterEvents`: offer an event only where the machine handles it. Offered everywhere,
 * a call's error event puts the traversal's snapshot in error status, and the graph keeps
 * that snapshot for the state because it tells states apart by value and context alone.
 */
export function handled(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  return snapshot.can(event);
}

/** Lets settled promises reach the machine (fake timers must be installed). */
export async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

type MachineSnapshotLike = Snapshot<unknown> & { value: unknown; context: unknown };

export function describePath(path: StatePath<MachineSnapshotLike, EventObject>): string {
  const events = path.steps
    .map((step) => step.event)
    .filter((event) => event.type !== 'xstate.init')
    .map((event) => {
      const name = event.type
        .replace(/^xstate\.(done|error)\.actor\.(\w+)$/, '$2 $1')
        .replace(/^xstate\.after\.(\w+)\..*$/, '$1');
      // Failures of one call differ by status (422 field errors, 409 conflict...).
      const error: unknown = 'error' in event ? event.error : undefined;
      const status = error instanceof ApiError ? ` ${error.status}` : '';
      return name + status;
    });
  return `${JSON.stringify(path.state.value)} after ${events.length ? events.join(', ') : 'start'}`;
}

export interface ReplayOptions {
  /** The machine with the fake actors provided. */
  logic: AnyStateMachine;
  calls: FakeCalls;
  input?: unknown;
  /** Named delays in ms, for `xstate.after.<name>` steps. */
  delays?: Record<string, number>;
  /**
   * Rules that hold in every state a path reaches, given the events so far: what the user
   * would see, checked independently of the machine's own definition.
   */
  check?: (snapshot: MachineSnapshotLike, events: EventObject[]) => void;
}

/**
 * Plays a generated path against a running actor: user events are sent, a call's done or
 * error event settles the fake call, a delayed event advances the clock. After each step
 * the actor must be in the state and hold the context that the path says.
 */
export async function replayPath(path: StatePath<MachineSnapshotLike, EventObject>, options: ReplayOptions) {
  const actor = createActor(options.logic, { input: options.input });
  actor.start();
  await settle();
  for (const [index, step] of path.steps.entries()) {
    const { event } = step;
    const done = /^xstate\.done\.actor\.(\w+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(\w+)$/.exec(event.type);
    const after = /^xstate\.after\.(\w+)\./.exec(event.type);
    if (event.type === 'xstate.init') {
      // The actor started in its initial state above.
    } else if (done?.[1]) {
      options.calls.resolve(done[1], (event as EventObject & { output: unknown }).output);
    } else if (failed?.[1]) {
      options.calls.reject(failed[1], (event as EventObject & { error: unknown }).error);
    } else if (after?.[1]) {
      const name = after[1];
      const ms = options.delays?.[name] ?? Number(name);
      await vi.advanceTimersByTimeAsync(ms);
    } else {
      actor.send(event);
    }
    await settle();
    const snapshot = actor.getSnapshot() as MachineSnapshotLike;
    const where = `step ${index} (${event.type}) of ${describePath(path)}`;
    expect(snapshot.status, where).toBe(step.state.status);
    expect(snapshot.value, where).toEqual(step.state.value);
    expect(snapshot.context, where).toEqual(step.state.context);
    options.check?.(
      snapshot,
      path.steps.slice(0, index + 1).map((taken) => taken.event),
    );
  }
  return actor;
}
