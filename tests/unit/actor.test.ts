import { type Actor, actingAs, currentActor } from '@server/domain/history/actor';
import { describe, expect, it } from 'vitest';

const ann: Actor = { id: 1, name: 'Ann' };
const bob: Actor = { id: 2, name: 'Bob' };

/** A promise the test settles when it chooses, so two pieces of work can overlap in a known order. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Who `currentActor` names after a few turns of the event loop, as deep in a call as a write is. */
async function whoAfterAwaits(): Promise<string | null> {
  await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  return currentActor()?.name ?? null;
}

describe('who a change is recorded as', () => {
  it('names each call its own actor while calls overlap, whichever finishes first', async () => {
    /** `outer` starts, `inner` starts and finishes, then `outer` goes on: each is named as itself. */
    async function overlap(outer: Actor, inner: Actor) {
      const outerMayFinish = gate();
      const outerCall = actingAs(outer, async () => {
        await outerMayFinish.opened;
        return whoAfterAwaits();
      });
      await expect(actingAs(inner, whoAfterAwaits)).resolves.toBe(inner.name);
      outerMayFinish.open();
      await expect(outerCall).resolves.toBe(outer.name);
    }
    // Bob starts and finishes while Ann is still running: Ann keeps her name after Bob is done.
    await overlap(ann, bob);
    await overlap(bob, ann);
  });

  it('names no one outside a call, and names the next call once every earlier one is done', async () => {
    await actingAs(ann, whoAfterAwaits);
    await expect(whoAfterAwaits()).resolves.toBeNull();
    // The store is off between calls; the next one switches it on again.
    await expect(actingAs(bob, whoAfterAwaits)).resolves.toBe('Bob');
    await expect(whoAfterAwaits()).resolves.toBeNull();
  });

  it('names the actor of a call started after one that failed', async () => {
    await expect(
      actingAs(ann, async () => {
        await Promise.resolve();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(whoAfterAwaits()).resolves.toBeNull();
    await expect(actingAs(bob, whoAfterAwaits)).resolves.toBe('Bob');
  });

  it('names a reviewer without an account by the e-mail the link names, and a job as no one', async () => {
    await expect(actingAs({ id: null, name: 'reviewer@example.com' }, whoAfterAwaits)).resolves.toBe(
      'reviewer@example.com',
    );
    await expect(actingAs(null, whoAfterAwaits)).resolves.toBeNull();
  });
});
