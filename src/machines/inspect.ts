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
