/** Placed blocks for API tests: valid ones, and one breakage of each kind with the path it is refused at. */

const file = (n: number) => ({
  path: `/storage/builder/${String(n).padStart(32, '0')}.png`,
  name: `${n}.png`,
});
export const files = (count: number) => Array.from({ length: count }, (_, i) => file(i + 1));

/** Blocks carry the hideable flags they are placed with, as the builder sends them. */
export const hero = (extra: Record<string, unknown> = {}) => ({
  index: 'hero',
  name: 'Hero banner',
  hideable: { item: true, sections: ['button'] },
  sections: {
    content: { fields: { title: 'The new Sportage', subtitle: 'Hybrid from £32,000', alignment: 'center' } },
    slides: { entries: [{ opened: true, fields: { image: files(1), heading: 'Drive it today' } }] },
    button: { hidden: true, fields: { label: 'Book a test drive', link: '/test-drive', style: 'primary' } },
  },
  ...extra,
});

export const richText = (body: unknown = '# Welcome to Markdown.') => ({
  index: 'rich_text',
  name: 'Introduction',
  hideable: { item: true, sections: [] },
  sections: { content: { fields: { body } } },
});

export const offers = (endsAt = '2026-03-31') => ({
  index: 'offers',
  name: 'Offers',
  sections: {
    intro: { fields: { title: 'This month' } },
    offers: { entries: [{ fields: { title: '0% APR', price: '£299 a month', ends_at: endsAt } }] },
  },
});

export const gallery = (count = 3) => ({
  index: 'gallery',
  name: 'Gallery',
  sections: { content: { fields: { title: 'Photos', images: files(count), columns: '3' } } },
});

export const emailInput = (required = '1') => ({
  index: 'input_email',
  name: 'E-mail',
  hideable: { item: true, sections: [] },
  sections: { settings: { fields: { label: 'Your e-mail', required } } },
});

/** A block type the catalogue does not have (a retired one), written as the API stores items. */
export const retired = (title = 'Old widget') => ({
  index: 'retired_widget',
  name: 'Retired widget',
  hideable: { item: false, sections: [] },
  hidden: false,
  sections: { content: { hidden: false, fields: { title }, entries: [] } },
});

export const UNKNOWN_BLOCK =
  'This block is no longer offered: it can be kept as it was or removed, not changed or added.';

/** Lists of three blocks whose third breaks its definition, with the path and message the API gives. */
export const breakages: { what: string; items: unknown[]; path: string; message: string }[] = [
  {
    what: 'a select value outside its options',
    items: [richText(), hero(), hero({ sections: { content: { fields: { alignment: 'top' } } } })],
    path: 'data.items.2.sections.content.fields.alignment',
    message: 'Choose one of the options.',
  },
  {
    what: 'more files than its max',
    items: [richText(), hero(), gallery(13)],
    path: 'data.items.2.sections.content.fields.images',
    message: 'Pick at most 12 images.',
  },
  {
    what: 'more files than its max inside a repeatable entry',
    items: [
      richText(),
      hero(),
      hero({
        sections: { slides: { entries: [{ fields: { heading: 'One' } }, { fields: { image: files(2) } }] } },
      }),
    ],
    path: 'data.items.2.sections.slides.entries.1.fields.image',
    message: 'Pick at most 1 image.',
  },
  {
    what: 'a date that is no day',
    items: [richText(), hero(), offers('2026-02-30')],
    path: 'data.items.2.sections.offers.entries.0.fields.ends_at',
    message: 'Enter a valid date.',
  },
  {
    what: 'a hidden flag on a section that cannot be hidden',
    items: [richText(), hero(), { ...gallery(), sections: { content: { hidden: true, fields: {} } } }],
    path: 'data.items.2.sections.content.hidden',
    message: 'This cannot be hidden.',
  },
  {
    what: 'text longer than its field allows',
    items: [richText(), hero(), hero({ sections: { content: { fields: { title: 'x'.repeat(256) } } } })],
    path: 'data.items.2.sections.content.fields.title',
    message: 'Use at most 255 characters.',
  },
  {
    what: 'a block type the catalogue does not have',
    items: [richText(), hero(), retired()],
    path: 'data.items.2.index',
    message: UNKNOWN_BLOCK,
  },
];

/** Lists whose third block misses what every item needs: the contract refuses them under `data.`. */
export const missing: { what: string; items: unknown[]; path: string }[] = [
  {
    what: 'a blank block name',
    items: [richText(), hero(), { ...hero(), name: ' ' }],
    path: 'data.items.2.name',
  },
  {
    what: 'no block type',
    items: [richText(), hero(), { name: 'Nameless', sections: {} }],
    path: 'data.items.2.index',
  },
  {
    what: 'a field value of the wrong type',
    items: [richText(), hero(), richText(42)],
    path: 'data.items.2.sections.content.fields.body',
  },
];
