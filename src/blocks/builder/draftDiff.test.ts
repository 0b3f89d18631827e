import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import type { BuilderDraft } from '@/machines/builder';
import { CATALOGUE } from '@/shared/catalogue';
import { blankItem } from '@/shared/items';
import { draftDiff } from './draftDiff';
import { DEFAULT_SETTINGS } from './settingsValues';
import { pageSettingsViews } from './settingsViews';

const views = pageSettingsViews({
  brands: [
    { id: 3, name: 'Kia' },
    { id: 4, name: 'Skoda' },
  ],
  templates: [{ id: 7, name: 'Offer page' }],
});

function draft(fields: object, items: PageItem[] = []): BuilderDraft {
  return { name: 'Offers', slug: 'offers', items, fields: { ...DEFAULT_SETTINGS, ...fields } };
}

/** Each change as a person reads it: label, this version, current. */
const read = (changes: { label: string; before: string; after: string }[]) =>
  changes.map(({ label, before, after }) => [label, before, after]);

describe("the builder's comparison", () => {
  it("reads the page's own fields as the page settings show them", () => {
    const diff = draftDiff(
      draft({ brand_id: 3, published: 0, locked: 1, child_template_id: null, sort_by_mode: 'asc' }),
      draft({
        brand_id: 4,
        published: 1,
        published_at: '2026-03-05T09:30',
        locked: 0,
        child_template_id: 7,
        sort_by_mode: 'desc',
      }),
      { views, catalogue: CATALOGUE },
    );
    expect(read(diff.fields)).toEqual([
      ['Brand', 'Kia', 'Skoda'],
      ['Published', 'No', 'Yes'],
      ['Published at', '', '5 Mar 26, 09:30'],
      ['Locked', 'Yes', 'No'],
      ['Child template', 'None', 'Offer page'],
      ['Sort direction', 'Ascending', 'Descending'],
    ]);
  });

  it("labels a block's fields as its editor does, a choice by its option and a date as a date", () => {
    const hero = blankItem('hero', CATALOGUE.hero!);
    const offers = blankItem('offers', CATALOGUE.offers!);
    const heroWith = (alignment: string, heading: string): PageItem => ({
      ...hero,
      sections: {
        ...hero.sections,
        content: { hidden: false, fields: { title: 'Hi', subtitle: '', alignment }, entries: [] },
        slides: {
          hidden: false,
          fields: {},
          entries: [
            { opened: false, fields: { image: [], heading: 'First', link: '' } },
            { opened: false, fields: { image: [], heading, link: '' } },
          ],
        },
      },
    });
    const offersEnding = (ends_at: string, hidden: boolean): PageItem => ({
      ...offers,
      hidden,
      sections: {
        ...offers.sections,
        offers: {
          hidden: false,
          fields: {},
          entries: [{ opened: false, fields: { title: 'Deal', image: [], price: '', terms: '', ends_at } }],
        },
      },
    });
    const diff = draftDiff(
      draft({}, [heroWith('left', 'Spring'), offersEnding('2026-03-31', false)]),
      draft({}, [heroWith('center', 'Summer'), offersEnding('2026-06-30', true)]),
      { views, catalogue: CATALOGUE },
    );
    expect(diff.blocks.map((change) => ('fields' in change ? read(change.fields) : []))).toEqual([
      [
        ['Content › Alignment', 'Left', 'Centre'],
        ['Slides › Slide 2 › Heading', 'Spring', 'Summer'],
      ],
      [
        ['Hide this block', 'No', 'Yes'],
        ['Offers › Offer 1 › Ends on', '31 Mar 26', '30 Jun 26'],
      ],
    ]);
  });
});
