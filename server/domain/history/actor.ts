import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who makes a change: the signed-in user, named as they were then; or a reviewer without an
 * account (no id), named by the e-mail their signed review link names.
 */
export interface Actor {
  id: number | null;
  name: string;
}

const current = new AsyncLocalStorage<Actor | null>();

/**
 * Runs `work` on behalf of `actor`: every change it records names them, however deep the call
 * that records it. Calls are run this way where they are registered.
 */
export function actingAs<T>(actor: Actor | null, work: () => T): T {
  return current.run(actor, work);
}

/** The user making the current change; null outside a signed-in call (the demo data, a job). */
export function currentActor(): Actor | null {
  return current.getStore() ?? null;
}
