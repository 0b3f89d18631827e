import type { ActorOptions, AnyActorLogic } from 'xstate';

export type InspectOption = NonNullable<ActorOptions<AnyActorLogic>['inspect']>;

/**
 * `?inspect` in development connects the machines to the Stately inspector. The import is
 * dynamic and behind `import.meta.env.DEV`, so production bundles never contain it.
 */
export async function inspectOption(): Promise<InspectOption | undefined> {
  if (!import.meta.env.DEV) return undefined;
  if (!new URLSearchParams(globalThis.location?.search ?? '').has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

let active: InspectOption | undefined;

/** Remembers the inspector for every machine the console starts from now on. */
export function setInspector(option: InspectOption | undefined): void {
  active = option;
}

/** The inspector to pass to `useActorRef` (undefined unless `?inspect` in development). */
export function currentInspect(): InspectOption | undefined {
  return active;
}
