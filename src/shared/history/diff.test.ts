import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blocksDiff,
  type DiffBlock,
  fieldsDiff,
  flatten,
  humanLabel,
  isSameRecord,
  recordDiff,
  valueText,
  type WordSegment,
  wordDiff,
} from './diff';
import { choice, dateTime, yesNo } from './fieldViews';

const join = (segments: WordSegment[], side: 'before' | 'after') =>
  segments
    .filter((s) => s.kind === 'same' || s.kind === (side === 'before' ? 'removed' : 'added'))
    .map((s) => s.text)
    .join('');

describe('wordDiff', () => {
  it('marks the word that replaced another', () => {
    expect(wordDiff('Visit our Leeds showroom', 'Visit our York showroom')).toEqual([
      { kind: 'same', text: 'Visit our ' },
      { kind: 'removed', text: 'Leeds' },
      { kind: 'added', text: 'York' },
      { kind: 'same', text: ' showroom' },
    ]);
  });

  it('marks words inserted and deleted in different places', () => {
    const segments = wordDiff('a quick brown fox jumps', 'a brown fox happily jumps');
    expect(segments.map((s) => [s.kind, s.text.trim()])).toEqual([
      ['same', 'a'],
      ['removed', 'quick'],
      ['same', 'brown fox'],
      ['added', 'happily'],
      ['same', 'jumps'],
    ]);
  });

  it('keeps two neighbouring changed words as one change, removed first', () => {
    expect(wordDiff('old words here', 'new text here')).toEqual([
      { kind: 'removed', text: 'old words' },
      { kind: 'added', text: 'new text' },
      { kind: 'same', text: ' here' },
    ]);
  });

  it('says nothing changed for the same text, and all added or removed from or to nothing', () => {
    expect(wordDiff('same text', 'same text')).toEqual([{ kind: 'same', text: 'same text' }]);
    expect(wordDiff('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
    expect(wordDiff('gone', '')).toEqual([{ kind: 'removed', text: 'gone' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('keeps line breaks of markdown as they were', () => {
    const segments = wordDiff('# Title\n\nFirst line', '# Title\n\nSecond line');
    expect(segments).toContainEqual({ kind: 'removed', text: 'First' });
    expect(segments).toContainEqual({ kind: 'added', text: 'Second' });
  });

  it('always joins back to both texts, and never puts two segments of one kind side by side', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', ' ', '\n', 'dd'), { maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const segments = wordDiff(before, after);
        expect(join(segments, 'before')).toBe(before);
        expect(join(segments, 'after')).toBe(after);
        for (let k = 1; k < segments.length; k++) expect(segments[k]?.kind).not.toBe(segments[k - 1]?.kind);
        if (before === after) expect(segments.every((s) => s.kind === 'same')).toBe(true);
      }),
    );
  });

  it('still answers for long texts that share nothing', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    const segments = wordDiff(before, after);
    expect(join(segments, 'before')).toBe(before);
    expect(join(segments, 'after')).toBe(after);
  });
});

describe('fieldsDiff', () => {
  it('lists the fields that changed with a label and their old and new text', () => {
    const changes = fieldsDiff(
      { name: 'Offers', meta: { title: 'Offers', description: 'Old deals' }, published: 1 },
      { name: 'Offers', meta: { title: 'Spring Offers', description: 'Old deals' }, published: 0 },
      { views: { meta: {}, published: { label: 'Published', format: yesNo } } },
    );
    expect(changes.map(({ label, before, after }) => ({ label, before, after }))).toEqual([
      { label: 'Meta › Title', before: 'Offers', after: 'Spring Offers' },
      { label: 'Published', before: 'Yes', after: 'No' },
    ]);
    expect(changes[0]?.words).toEqual([
      { kind: 'added', text: 'Spring ' },
      { kind: 'same', text: 'Offers' },
    ]);
  });

  it('includes fields only one version has, and leaves out the ignored ones', () => {
    const changes = fieldsDiff(
      { a: 'x', gone: 'was here', updated_at: '1' },
      { a: 'x', fresh: 'new', updated_at: '2' },
      { ignore: ['updated_at'] },
    );
    expect(changes.map((c) => [c.path, c.before, c.after])).toEqual([
      ['fresh', '', 'new'],
      ['gone', 'was here', ''],
    ]);
  });

  it('never shows the values of a secret field, only that it changed', () => {
    const changes = fieldsDiff(
      { hpi: { password: 'old-secret' } },
      { hpi: { password: 'new-secret' } },
      {
        secret: ['hpi.password'],
      },
    );
    expect(changes).toHaveLength(1);
    expect(JSON.stringify(changes)).not.toMatch(/secret/);
    expect(fieldsDiff({ p: 'same' }, { p: 'same' }, { secret: ['p'] })).toEqual([]);
  });

  it('treats nothing, null and empty text alike, and reads yes/no and lists as the editor shows them', () => {
    expect(fieldsDiff({ a: null, b: undefined }, { a: '', b: '' })).toEqual([]);
    expect(fieldsDiff({ live: false, files: ['a.png'] }, { live: true, files: ['a.png', 'b.png'] })).toEqual([
      expect.objectContaining({ path: 'live', before: 'No', after: 'Yes' }),
      expect.objectContaining({ path: 'files', before: 'a.png', after: 'a.png, b.png' }),
    ]);
  });

  it('reads each field as its edit screen shows it: its label, Yes/No, a time, a choice by name', () => {
    const views = {
      brand_id: {
        label: 'Brand',
        format: choice([
          { id: 3, name: 'Kia' },
          { id: 4, name: 'Skoda' },
        ]),
      },
      live: { label: 'Live', format: yesNo },
      published_at: { label: 'Published at', format: dateTime },
      'team.*': { label: 'Team member {n}' },
    };
    const changes = fieldsDiff(
      { brand_id: 3, live: 1, published_at: '2026-03-05T09:30', team: [{ name: 'Ann' }] },
      { brand_id: '4', live: 'on', published_at: '2026-03-06T14:05', team: [{ name: 'Bob' }] },
      { views },
    );
    expect(changes.map(({ label, before, after }) => [label, before, after])).toEqual([
      ['Brand', 'Kia', 'Skoda'],
      ['Published at', '5 Mar 26, 09:30', '6 Mar 26, 14:05'],
      ['Team member 1 › Name', 'Ann', 'Bob'],
    ]);
    // The same flag stored as 1 and posted as 'on' is no change.
    expect(changes.some((change) => change.path === 'live')).toBe(false);
  });

  it('lists the changes in the order of the form, then those it has no view of', () => {
    const views = { name: { label: 'Name' }, address: {}, live: { label: 'Live', format: yesNo } };
    const changes = fieldsDiff(
      { live: false, extra: 'a', address: { city: 'Leeds' }, name: 'Kia' },
      { live: true, extra: 'b', address: { city: 'York' }, name: 'Kia UK' },
      { views },
    );
    expect(changes.map((change) => change.label)).toEqual(['Name', 'Address › City', 'Live', 'Extra']);
  });

  it('follows lists of objects entry by entry', () => {
    const changes = fieldsDiff({ team: [{ name: 'Ann' }] }, { team: [{ name: 'Ann' }, { name: 'Bob' }] });
    expect(changes.map((c) => [c.label, c.after])).toEqual([['Team › 2 › Name', 'Bob']]);
  });
});

describe('flatten, labels and values', () => {
  it('flattens records to dotted paths and keeps plain lists whole', () => {
    expect(flatten({ a: { b: 1, c: [1, 2] }, d: [{ e: 'x' }], f: {} })).toEqual({
      'a.b': 1,
      'a.c': [1, 2],
      'd.0.e': 'x',
      f: {},
    });
    expect(flatten(null)).toEqual({});
  });

  it('names paths in words', () => {
    expect(humanLabel('meta.og_title')).toBe('Meta › Og title');
    expect(humanLabel('team.0.name')).toBe('Team › 1 › Name');
  });

  it('writes values as text', () => {
    expect(valueText(null)).toBe('');
    expect(valueText(3)).toBe('3');
    expect(valueText(true)).toBe('Yes');
    expect(valueText([])).toBe('');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

const block = (type: string, text: string, name = type): DiffBlock => ({ type, name, fields: { text } });

describe('blocksDiff', () => {
  it('says nothing for the same blocks', () => {
    const blocks = [block('hero', 'Hi'), block('text', 'Body')];
    expect(blocksDiff(blocks, blocks)).toEqual([]);
  });

  it('finds a block added and one removed without calling the others moved', () => {
    const before = [block('hero', 'Hi', 'Hero'), block('text', 'Body', 'Text'), block('cta', 'Go', 'Button')];
    const after = [
      block('gallery', '', 'Gallery'),
      block('hero', 'Hi', 'Hero'),
      block('text', 'Body', 'Text'),
    ];
    expect(blocksDiff(before, after)).toEqual([
      { kind: 'added', name: 'Gallery', at: 0 },
      { kind: 'removed', name: 'Button', at: 2 },
    ]);
  });

  it('lists a removed block where it stood', () => {
    const before = [block('hero', 'Hi'), block('cta', 'Go'), block('text', 'Body')];
    const after = [block('hero', 'Hi'), block('text', 'Body')];
    expect(blocksDiff(before, after)).toEqual([{ kind: 'removed', name: 'cta', at: 1 }]);
  });

  it('finds an edited block with the fields and words that changed', () => {
    const before = [block('hero', 'Hi'), block('text', 'Visit our Leeds showroom')];
    const after = [block('hero', 'Hi'), block('text', 'Visit our York showroom')];
    const [change] = blocksDiff(before, after);
    expect(change).toMatchObject({ kind: 'edited', name: 'text', from: 1, at: 1 });
    if (change?.kind !== 'edited') throw new Error('expected an edit');
    expect(change.fields).toEqual([
      expect.objectContaining({
        label: 'Text',
        before: 'Visit our Leeds showroom',
        after: 'Visit our York showroom',
        words: expect.arrayContaining([
          { kind: 'removed', text: 'Leeds' },
          { kind: 'added', text: 'York' },
        ]),
      }),
    ]);
  });

  it('finds a block moved, and one moved and edited', () => {
    const before = [block('hero', 'Hi'), block('text', 'Body'), block('cta', 'Go')];
    expect(blocksDiff(before, [block('cta', 'Go'), block('hero', 'Hi'), block('text', 'Body')])).toEqual([
      { kind: 'moved', name: 'cta', from: 2, at: 0, fields: [] },
    ]);
    const [change] = blocksDiff(before, [block('cta', 'Go now'), block('hero', 'Hi'), block('text', 'Body')]);
    expect(change).toMatchObject({ kind: 'movedAndEdited', from: 2, at: 0 });
  });

  it('pairs blocks that have an identity by it, wherever they went', () => {
    const a = { id: 'a', type: 'text', name: 'Intro', fields: { text: 'One' } };
    const b = { id: 'b', type: 'text', name: 'Outro', fields: { text: 'Two' } };
    expect(blocksDiff([a, b], [b, a])).toEqual([
      { kind: 'moved', name: 'Intro', from: 0, at: 1, fields: [] },
    ]);
    const c = { id: 'c', type: 'text', name: 'New', fields: { text: 'One' } };
    expect(blocksDiff([a], [c])).toEqual([
      { kind: 'removed', name: 'Intro', at: 0 },
      { kind: 'added', name: 'New', at: 0 },
    ]);
  });

  it('reports a renamed block as edited', () => {
    const [change] = blocksDiff([block('text', 'x', 'Intro')], [block('text', 'x', 'Welcome')]);
    expect(change).toMatchObject({ kind: 'edited', fields: [expect.objectContaining({ label: 'Name' })] });
  });
});

describe('recordDiff', () => {
  it('puts the fields and the blocks together, and says when nothing differs', () => {
    const before = { fields: { name: 'Home' }, blocks: [block('text', 'a')] };
    expect(isSameRecord(recordDiff(before, before))).toBe(true);
    const diff = recordDiff(before, { fields: { name: 'Homepage' }, blocks: [] });
    expect(diff.fields.map((f) => f.after)).toEqual(['Homepage']);
    expect(diff.blocks).toEqual([{ kind: 'removed', name: 'text', at: 0 }]);
    expect(isSameRecord(diff)).toBe(false);
  });
});
