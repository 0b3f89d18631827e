import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import type { BuilderDraft } from '@/machines/builder';
import { CATALOGUE } from '@/shared/catalogue';
import { blankItem } from '@/shared/items';
import { mergedDraft, offerMerge } from './mergeOffer';
import { mergeQuestions } from './mergeQuestions';
import { DEFAULT_SETTINGS } from './settingsValues';
import { pageSettingsViews } from './settingsViews';

const views = pageSettingsViews({ brands: [{ id: 3, name: 'Kia' }], templates: [] });
const words = { views, catalogue: CATALOGUE };

function draft(
  meta: { title: string; description: string },
  items: PageItem[] = [],
  name = 'About us',
): BuilderDraft {
  return { name, slug: 'about-us', items, fields: { ...DEFAULT_SETTINGS, meta } };
}

const hero = blankItem('hero', CATALOGUE.hero!);
/** The hero block with its Content fields set. */
const heroWith = (fields: Record<string, string>): PageItem => ({
  ...hero,
  sections: {
    ...hero.sections,
    content: { ...hero.sections.content!, fields: { ...hero.sections.content!.fields, ...fields } },
  },
});

const META = { title: 'About Us', description: 'Who we are' };

describe('the questions a merge of two saves asks', () => {
  it('asks nothing when each side changed a different key of the meta, and keeps both changes', () => {
    const base = draft(META);
    const theirs = draft({ ...META, title: 'About Us by admin' });
    const mine = draft({ ...META, description: 'Description by marketing' });
    const offer = offerMerge(base, theirs, mine, 'v2');
    expect(mergeQuestions(offer, words)).toEqual([]);
    expect(mergedDraft(offer, {}, mine).fields.meta).toEqual({
      title: 'About Us by admin',
      description: 'Description by marketing',
    });
  });

  it('names a field both changed by its label and shows each value as text', () => {
    const offer = offerMerge(
      draft(META),
      draft({ ...META, title: 'Admin title' }),
      draft({ title: 'Marketing title', description: 'Description by marketing' }),
      'v2',
    );
    expect(mergeQuestions(offer, words)).toEqual([
      { key: 'field:meta.title', label: 'Meta title', mine: '“Marketing title”', theirs: '“Admin title”' },
    ]);
  });

  it('shortens a long value at a word, with an ellipsis, and says when a side left it empty', () => {
    const long = `${'A description that goes on '.repeat(6)}and on.`;
    const offer = offerMerge(
      draft(META),
      draft({ ...META, description: '' }),
      draft({ ...META, description: long }),
      'v2',
    );
    const [question] = mergeQuestions(offer, words);
    expect(question?.label).toBe('Meta description');
    expect(question?.theirs).toBe('empty');
    expect(question?.mine).toBe(
      '“A description that goes on A description that goes on A description that goes…”',
    );
  });

  it('names the page’s name as the builder does', () => {
    const offer = offerMerge(draft(META), draft(META, [], 'About'), draft(META, [], 'About the group'), 'v2');
    expect(mergeQuestions(offer, words)).toEqual([
      { key: 'field:\u0000name', label: 'Name', mine: '“About the group”', theirs: '“About”' },
    ]);
  });

  it('says which fields of a block both changed differ, by their labels, with each side’s values', () => {
    const base = draft(META, [heroWith({ title: 'Our story' })]);
    const theirs = draft(META, [heroWith({ title: 'Our story by admin' })]);
    const mine = draft(META, [heroWith({ title: 'Our story by marketing', subtitle: 'Since 1952' })]);
    expect(mergeQuestions(offerMerge(base, theirs, mine, 'v2'), words)).toEqual([
      {
        key: hero.id,
        label: 'Hero banner (block 1)',
        mine: 'Content › Title “Our story by marketing”; Content › Subtitle “Since 1952”',
        theirs: 'Content › Title “Our story by admin”; Content › Subtitle empty',
      },
    ]);
  });

  it('says a side removed the block, and what the other changed in it', () => {
    const base = draft(META, [heroWith({ title: 'Our story' })]);
    const offer = offerMerge(base, draft(META, []), draft(META, [heroWith({ title: 'Our history' })]), 'v2');
    expect(mergeQuestions(offer, words)).toEqual([
      {
        key: hero.id,
        label: 'Hero banner (block 1)',
        mine: 'the block, with Content › Title “Our history”',
        theirs: 'the block removed',
      },
    ]);
  });
});
