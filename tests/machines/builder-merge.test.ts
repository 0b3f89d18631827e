import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PageItem } from '@/api/contract/blocks';
import { type BuilderDraft, type BuilderEvent, builderMachine, type SavedSlug } from '@/machines/builder';
import { newBlockId } from '@/shared/blockIds';
import { mergeBlocks, resolveBlocks, type Side } from '@/shared/blockMerge';

/**
 * Two editors open the same page in the builder and each does a random sequence of edits; the
 * first saves, the second's save is merged with it. Whatever they did, no edit is lost: each
 * block either editor changed, added or kept is in the result as they left it, unless both
 * changed it (or one removed what the other changed), when the editor is asked, and either
 * answer keeps that side's block while every other edit stays.
 */

const text = (item: PageItem) => item.sections.content?.fields.body as string;

const blockOf = (id: string, body: string): PageItem => ({
  id,
  index: 'rich_text',
  name: `Block ${body}`,
  hideable: { item: true, sections: [] },
  hidden: false,
  sections: { content: { hidden: false, fields: { body }, entries: [] } },
});

type Op =
  | { op: 'edit'; at: number; word: string }
  | { op: 'remove'; at: number }
  | { op: 'move'; from: number; to: number }
  | { op: 'add'; word: string }
  | { op: 'hide'; at: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('edit' as const),
      at: fc.nat(9),
      word: fc.string({ minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), at: fc.nat(9) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('move' as const), from: fc.nat(9), to: fc.nat(9) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      word: fc.string({ minLength: 1, maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('hide' as const), at: fc.nat(9) }) },
);

/** Runs one editor's edits through the builder machine, as the screen sends them; answers what it would save. */
function editorAfter(base: readonly PageItem[], ops: readonly Op[], who: string): PageItem[] {
  const actor = createActor(
    builderMachine.provide({
      actors: {
        save: fromPromise<SavedSlug | undefined, BuilderDraft>(async () => undefined),
        slugOf: fromPromise<{ slug: string }, { name: string }>(async () => ({ slug: 'page' })),
      },
    }),
    { input: { items: base, name: 'Page', slug: 'page' } },
  ).start();
  const send = (event: BuilderEvent) => actor.send(event);
  let added = 0;
  for (const op of ops) {
    const items = actor.getSnapshot().context.items;
    const n = items.length;
    switch (op.op) {
      case 'edit': {
        if (n === 0) break;
        const at = op.at % n;
        const item = items[at]!;
        send({ type: 'item.edit', at });
        send({ type: 'item.save', item: blockOf(item.id ?? '', `${text(item)}+${who}${op.word}`) });
        break;
      }
      case 'remove':
        if (n > 0) send({ type: 'item.remove', at: op.at % n });
        break;
      case 'move':
        if (n > 1) send({ type: 'item.move', from: op.from % n, to: op.to % n });
        break;
      case 'hide':
        if (n > 0) send({ type: 'item.hide', at: op.at % n, hidden: !items[op.at % n]!.hidden });
        break;
      case 'add':
        added += 1;
        send({ type: 'item.add', item: { ...blockOf(newBlockId(), `${who}-new-${added}-${op.word}`) } });
        break;
    }
  }
  const saved = actor.getSnapshot().context.items;
  actor.stop();
  return [...saved];
}

const key = (item: PageItem | null | undefined) => (item ? JSON.stringify(item) : null);

describe('two editors on one page, merged block by block', () => {
  it('loses no edit, whatever each did and whichever side each conflict takes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(opArb, { maxLength: 8 }),
        fc.array(opArb, { maxLength: 8 }),
        fc.constantFrom<Side>('mine', 'theirs'),
        (size, theirOps, myOps, answer) => {
          const base = Array.from({ length: size }, (_, i) => blockOf(newBlockId(), `b${i}`));
          const theirs = editorAfter(base, theirOps, 'T');
          const mine = editorAfter(base, myOps, 'M');
          const merged = mergeBlocks(base, theirs, mine);
          const answers = Object.fromEntries(merged.conflicts.map((c) => [c.id, answer]));
          const result = resolveBlocks(merged, answers);
          const inResult = new Map(result.map((item) => [item.id, key(item)]));
          const conflicted = new Set(merged.conflicts.map((c) => c.id));
          const baseById = new Map(base.map((item) => [item.id, key(item)]));

          // Every block appears once.
          expect(new Set(result.map((item) => item.id)).size).toBe(result.length);
          for (const [side, version] of [
            ['theirs', theirs],
            ['mine', mine],
          ] as const) {
            const other = side === 'theirs' ? mine : theirs;
            const otherById = new Map(other.map((item) => [item.id, key(item)]));
            for (const item of version) {
              const changed = baseById.get(item.id) !== key(item);
              if (!changed) continue;
              if (conflicted.has(item.id!)) {
                // Asked: the side chosen is what is kept, exactly.
                const chosen = answer === side ? key(item) : (otherById.get(item.id) ?? null);
                expect(inResult.get(item.id) ?? null).toBe(chosen);
              } else {
                // Changed or added by this side alone (or alike by both): kept as this side left it.
                expect(inResult.get(item.id)).toBe(key(item));
              }
            }
            // A block this side removed that the other left alone stays removed.
            for (const gone of base) {
              if (version.some((item) => item.id === gone.id)) continue;
              if (otherById.get(gone.id) === key(gone)) expect(inResult.has(gone.id)).toBe(false);
            }
          }
          // Only blocks both changed differently are asked about.
          for (const conflict of merged.conflicts) {
            expect(key(conflict.theirs)).not.toBe(key(conflict.base));
            expect(key(conflict.mine)).not.toBe(key(conflict.base));
            expect(key(conflict.mine)).not.toBe(key(conflict.theirs));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
