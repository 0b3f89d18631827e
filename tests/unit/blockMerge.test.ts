import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import { mergeBlocks, mergeFields, resolveBlocks, resolveFields } from '@/shared/blockMerge';

const block = (id: string | undefined, text: string, extra: Partial<PageItem> = {}): PageItem => ({
  ...(id === undefined ? {} : { id }),
  index: 'rich_text',
  name: `Block ${id ?? 'new'}`,
  hideable: { item: true, sections: [] },
  hidden: false,
  sections: { content: { hidden: false, fields: { body: text }, entries: [] } },
  ...extra,
});
const ids = [
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
  '00000000-0000-4000-8000-000000000003',
] as const;
const [A, B, C] = ids;
const base = [block(A, 'a'), block(B, 'b'), block(C, 'c')];
const texts = (items: readonly PageItem[]) =>
  items.map((item) => (item.sections.content?.fields.body as string) ?? '');

describe('merging two versions of a page’s blocks', () => {
  it('takes each block from the side that changed it', () => {
    const theirs = [block(A, 'a theirs'), block(B, 'b'), block(C, 'c')];
    const mine = [block(A, 'a'), block(B, 'b'), block(C, 'c mine')];
    const merged = mergeBlocks(base, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(texts(resolveBlocks(merged, {}))).toEqual(['a theirs', 'b', 'c mine']);
  });

  it('asks about a block both changed differently, and answers either way', () => {
    const theirs = [block(A, 'a theirs'), block(B, 'b theirs'), block(C, 'c')];
    const mine = [block(A, 'a mine'), block(B, 'b theirs'), block(C, 'c')];
    const merged = mergeBlocks(base, theirs, mine);
    expect(merged.conflicts.map((c) => c.id)).toEqual([A]);
    expect(merged.conflicts[0]).toMatchObject({ base: base[0], theirs: theirs[0], mine: mine[0] });
    expect(texts(resolveBlocks(merged, { [A]: 'mine' }))).toEqual(['a mine', 'b theirs', 'c']);
    expect(texts(resolveBlocks(merged, { [A]: 'theirs' }))).toEqual(['a theirs', 'b theirs', 'c']);
  });

  it('removes what one side removed and the other left alone; asks when the other changed it', () => {
    const theirs = [block(A, 'a'), block(C, 'c theirs')];
    const mine = [block(A, 'a'), block(B, 'b'), block(C, 'c')];
    expect(texts(resolveBlocks(mergeBlocks(base, theirs, mine), {}))).toEqual(['a', 'c theirs']);

    const edited = [block(A, 'a'), block(B, 'b mine'), block(C, 'c')];
    const merged = mergeBlocks(base, theirs, edited);
    expect(merged.conflicts).toEqual([{ id: B, base: base[1], theirs: null, mine: edited[1] }]);
    expect(texts(resolveBlocks(merged, { [B]: 'theirs' }))).toEqual(['a', 'c theirs']);
    expect(texts(resolveBlocks(merged, { [B]: 'mine' }))).toEqual(['a', 'b mine', 'c theirs']);
  });

  it('keeps blocks either side added, where they were added', () => {
    const D = '00000000-0000-4000-8000-000000000004';
    const theirs = [block(A, 'a'), block(D, 'd theirs'), block(B, 'b'), block(C, 'c')];
    const mine = [block(A, 'a'), block(B, 'b'), block(undefined, 'new mine'), block(C, 'c')];
    const merged = mergeBlocks(base, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(texts(resolveBlocks(merged, {}))).toEqual(['a', 'd theirs', 'b', 'new mine', 'c']);
  });

  it('follows the order of the side that moved blocks', () => {
    const mine = [block(C, 'c'), block(A, 'a'), block(B, 'b')];
    const theirs = [block(A, 'a'), block(B, 'b theirs'), block(C, 'c')];
    expect(texts(resolveBlocks(mergeBlocks(base, theirs, mine), {}))).toEqual(['c', 'a', 'b theirs']);
    const theirsMoved = [block(B, 'b'), block(A, 'a'), block(C, 'c')];
    const mineEdited = [block(A, 'a mine'), block(B, 'b'), block(C, 'c')];
    expect(texts(resolveBlocks(mergeBlocks(base, theirsMoved, mineEdited), {}))).toEqual([
      'b',
      'a mine',
      'c',
    ]);
  });

  it('takes a change both made alike once, and ignores key order', () => {
    const theirs = [block(A, 'same'), block(B, 'b'), block(C, 'c')];
    const reordered = { ...block(A, 'same') };
    const mine = [
      Object.fromEntries(Object.entries(reordered).reverse()) as PageItem,
      block(B, 'b'),
      block(C, 'c'),
    ];
    const merged = mergeBlocks(base, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(texts(resolveBlocks(merged, {}))).toEqual(['same', 'b', 'c']);
  });
});

describe('merging a record’s own fields', () => {
  it('takes each field from the side that changed it and asks about the ones both changed', () => {
    const merged = mergeFields(
      { name: 'Offers', title: 'T', published: 0 },
      { name: 'Offers', title: 'T theirs', published: 1 },
      { name: 'Offers mine', title: 'T mine', published: 0 },
    );
    expect(merged.values).toEqual({ name: 'Offers mine', title: 'T mine', published: 1 });
    expect(merged.conflicts).toEqual([
      { name: 'title', path: ['title'], base: 'T', theirs: 'T theirs', mine: 'T mine' },
    ]);
    expect(resolveFields(merged, { title: 'theirs' })).toEqual({
      name: 'Offers mine',
      title: 'T theirs',
      published: 1,
    });
  });

  const meta = (title: string, description: string) => ({ name: 'About us', meta: { title, description } });

  it('merges an object-valued field key by key: one side’s title and the other’s description both stay', () => {
    const merged = mergeFields(
      meta('About us', 'Who we are'),
      meta('About us by admin', 'Who we are'),
      meta('About us', 'Who we are, by marketing'),
    );
    expect(merged.conflicts).toEqual([]);
    expect(resolveFields(merged, {})).toEqual(meta('About us by admin', 'Who we are, by marketing'));
  });

  it('asks about the one key both changed differently, and keeps the other side’s change to another key', () => {
    const merged = mergeFields(
      meta('About us', 'Who we are'),
      meta('Admin title', 'Who we are, by admin'),
      meta('Marketing title', 'Who we are'),
    );
    expect(merged.conflicts).toEqual([
      {
        name: 'meta.title',
        path: ['meta', 'title'],
        base: 'About us',
        theirs: 'Admin title',
        mine: 'Marketing title',
      },
    ]);
    expect(resolveFields(merged, {})).toEqual(meta('Marketing title', 'Who we are, by admin'));
    expect(resolveFields(merged, { 'meta.title': 'theirs' })).toEqual(
      meta('Admin title', 'Who we are, by admin'),
    );
  });

  it('merges nested objects (configurables) key by key, and a key one side removed stays removed', () => {
    const base = { configurables: { offers: { route: 'offers', fields: { a: '1', b: '2' } } } };
    const theirs = { configurables: { offers: { route: 'offers', fields: { a: '1 theirs', b: '2' } } } };
    const mine = { configurables: { offers: { route: 'offers', fields: { a: '1' } } } };
    const merged = mergeFields(base, theirs, mine);
    expect(merged.conflicts).toEqual([]);
    expect(resolveFields(merged, {})).toEqual({
      configurables: { offers: { route: 'offers', fields: { a: '1 theirs' } } },
    });
  });
});
