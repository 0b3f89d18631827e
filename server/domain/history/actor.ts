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
 * How many pieces of work are running as someone. While one is, Node runs the store's hook for
 * every promise the process makes, whoever made it; at none the store is switched off, so the
 * reads that make most of the traffic (registered without `actingAs`) pay nothing for it.
 */
let acting = 0;

/**
 * Runs `work` on behalf of `actor`: every change it records names them, however deep the call
 * that records it. Calls that can write are run this way where they are registered. The actor is
 * known until `work` settles: a change recorded by something it started and did not wait for
 * names no one.
 */
export async function actingAs<T>(actor: Actor | null, work: () => Promise<T>): Promise<T> {
  acting += 1;
  try {
    return await current.run(actor, work);
  } finally {
    acting -= 1;
    if (acting === 0) current.disable();
  }
}

/** The user making the current change; null outside a call run by `actingAs` (the demo data, a job). */
export function currentActor(): Actor | null {
  return current.getStore() ?? null;
}
