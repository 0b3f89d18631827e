import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import { createLiveDraft, withOpenDraft } from './liveDraft';
import { previewBlocksMaker } from './previewBlocks';

const text = (name: string, body: string, extra: Partial<PageItem> = {}): PageItem =>
  ({
    index: 'rich_text',
    name,
    hidden: false,
    hideable: { item: true, sections: ['content'] },
    sections: { content: { hidden: false, fields: { body }, entries: [] } },
    ...extra,
  }) as PageItem;

describe('the preview blocks', () => {
  it('makes again only the block that changed, keeping the others as they were', () => {
    const blocksOf = previewBlocksMaker();
    const items = [text('One', 'First'), text('Two', 'Second'), text('Three', 'Third')];
    const before = blocksOf(items, [1, 2, 3]);
    const typed = [items[0]!, text('Two', 'Second!'), items[2]!];
    const after = blocksOf(typed, [1, 2, 3]);
    expect(after.map((b) => b.key)).toEqual([1, 2, 3]);
    expect(after[0]!.block).toBe(before[0]!.block);
    expect(after[2]!.block).toBe(before[2]!.block);
    expect(after[1]!.block).not.toBe(before[1]!.block);
    expect(after[1]!.block.sections.content?.fields.body).toBe('Second!');
  });

  it('leaves hidden blocks and hidden sections out, keyed by the builder', () => {
    const blocksOf = previewBlocksMaker();
    const items = [
      text('Shown', 'Yes'),
      text('Hidden', 'No', { hidden: true }),
      {
        ...text('Bare', 'Gone'),
        sections: { content: { hidden: true, fields: { body: 'Gone' }, entries: [] } },
      },
    ] as PageItem[];
    const blocks = blocksOf(items, [7, 8, 9]);
    expect(blocks.map((b) => [b.key, b.block.name])).toEqual([
      [7, 'Shown'],
      [9, 'Bare'],
    ]);
    expect(blocks[1]!.block.sections).toEqual({});
  });
});

describe('the open block as typed', () => {
  it('takes the open block’s place until the editor closes', () => {
    const items = [text('One', 'First'), text('Two', 'Second')];
    const live = createLiveDraft();
    const heard: (string | undefined)[] = [];
    const stop = live.subscribe(() => heard.push(live.get()?.item.name));
    expect(withOpenDraft(items, [4, 5], live.get())).toBe(items);
    live.set({ key: 5, item: text('Two', 'Second, typed') });
    const shown = withOpenDraft(items, [4, 5], live.get());
    expect(shown[0]).toBe(items[0]);
    expect(shown[1]!.sections.content?.fields.body).toBe('Second, typed');
    // A block no longer there (removed by an undo) is not shown again.
    expect(withOpenDraft(items, [4, 6], live.get())).toBe(items);
    live.set(null);
    expect(withOpenDraft(items, [4, 5], live.get())).toBe(items);
    stop();
    live.set({ key: 4, item: items[0]! });
    expect(heard).toEqual(['Two', undefined]);
  });
});
