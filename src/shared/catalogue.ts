import type { BuilderField, BuilderItem, BuilderSection, Configurable } from '@/api/contract/builder';

/** Every block type the builder offers, keyed by its index, and the page-wide configurables per route. */
export type Catalogue = Record<string, BuilderItem>;

const text = (name: string): BuilderField => ({ name, type: 'text' });
const textarea = (name: string): BuilderField => ({ name, type: 'textarea' });
const trix = (name: string): BuilderField => ({ name, type: 'trix' });
const date = (name: string): BuilderField => ({ name, type: 'date' });
const files = (name: string, max: number): BuilderField => ({ name, type: 'files', max });
const select = (name: string, options: [string, string][]): BuilderField => ({
  name,
  type: 'select',
  options: options.map(([value, label]) => ({ value, label })),
});

const section = (name: string, fields: Record<string, BuilderField>): BuilderSection => ({
  name,
  repeatable: false,
  fields,
});
const repeated = (name: string, phrase: string, fields: Record<string, BuilderField>): BuilderSection => ({
  name,
  phrase,
  repeatable: true,
  fields,
});

const block = (
  name: string,
  sections: Record<string, BuilderSection>,
  hideable: BuilderItem['hideable'] = { item: true, sections: [] },
): BuilderItem => ({ name, hideable, sections });

const ALIGNMENT = select('Alignment', [
  ['left', 'Left'],
  ['center', 'Centre'],
  ['right', 'Right'],
]);

const BUTTON_STYLE = select('Button style', [
  ['primary', 'Primary'],
  ['secondary', 'Secondary'],
  ['link', 'Link'],
]);

const REQUIRED = select('Required', [
  ['0', 'No'],
  ['1', 'Yes'],
]);
/** The key a response keeps the answer under ('email'); without one it is made from the label. */
const FIELD_NAME = text('Field name');

/** What a visitor fills on a form: every input block shares its label, field name, help and whether it is required. */
const input = (name: string, extra: Record<string, BuilderField> = {}): BuilderItem =>
  block(name, {
    settings: section('Settings', {
      label: text('Label'),
      name: FIELD_NAME,
      help: textarea('Help text'),
      required: REQUIRED,
      ...extra,
    }),
  });

/** Content blocks for pages and templates. */
export const PAGE_BLOCKS: Catalogue = {
  hero: block(
    'Hero banner',
    {
      content: section('Content', {
        title: text('Title'),
        subtitle: textarea('Subtitle'),
        alignment: ALIGNMENT,
      }),
      slides: repeated('Slides', 'Add slide', {
        image: files('Image', 1),
        heading: text('Heading'),
        link: text('Link'),
      }),
      button: section('Button', { label: text('Label'), link: text('Link'), style: BUTTON_STYLE }),
    },
    { item: true, sections: ['button'] },
  ),
  rich_text: block('Rich text', { content: section('Content', { body: trix('Text') }) }),
  gallery: block('Image gallery', {
    content: section('Content', {
      title: text('Title'),
      images: files('Images', 12),
      columns: select('Columns', [
        ['2', 'Two'],
        ['3', 'Three'],
        ['4', 'Four'],
      ]),
    }),
  }),
  offers: block(
    'Offers',
    {
      intro: section('Introduction', { title: text('Title'), description: trix('Description') }),
      offers: repeated('Offers', 'Add offer', {
        title: text('Title'),
        image: files('Image', 1),
        price: text('Price'),
        terms: textarea('Terms'),
        ends_at: date('Ends on'),
      }),
    },
    { item: true, sections: ['intro'] },
  ),
  vehicle_highlights: block('Vehicle highlights', {
    content: section('Content', {
      title: text('Title'),
      condition: select('Vehicles', [
        ['new', 'New'],
        ['used', 'Used'],
        ['demo', 'Demonstrators'],
      ]),
      limit: select('How many', [
        ['3', 'Three'],
        ['6', 'Six'],
        ['9', 'Nine'],
      ]),
    }),
    highlights: repeated('Highlights', 'Add highlight', {
      label: text('Label'),
      description: textarea('Description'),
    }),
  }),
  faq: block(
    'FAQ',
    {
      intro: section('Introduction', { title: text('Title') }),
      questions: repeated('Questions', 'Add question', {
        question: text('Question'),
        answer: trix('Answer'),
      }),
    },
    { item: true, sections: ['intro'] },
  ),
  call_to_action: block('Call to action', {
    content: section('Content', {
      title: text('Title'),
      text: textarea('Text'),
      background: files('Background image', 1),
    }),
    buttons: repeated('Buttons', 'Add button', {
      label: text('Label'),
      link: text('Link'),
      style: BUTTON_STYLE,
    }),
  }),
  dealership_locator: block('Dealership locator', {
    content: section('Content', {
      title: text('Title'),
      view: select('View', [
        ['map', 'Map'],
        ['list', 'List'],
      ]),
    }),
  }),
  video: block('Video', {
    content: section('Content', {
      title: text('Title'),
      url: text('Video address'),
      poster: files('Poster image', 1),
      caption: textarea('Caption'),
    }),
  }),
  embedded_form: block('Embedded form', {
    content: section('Content', {
      title: text('Title'),
      form: text('Form slug'),
      intro: trix('Introduction'),
    }),
  }),
  event: block(
    'Event',
    {
      content: section('Content', {
        title: text('Title'),
        starts_at: date('Starts on'),
        ends_at: date('Ends on'),
        description: trix('Description'),
      }),
      gallery: section('Photos', { photos: files('Photos', 6) }),
    },
    { item: true, sections: ['gallery'] },
  ),
};

/** Input blocks a visitor fills on a form; a form's items define what its responses hold. */
export const FORM_BLOCKS: Catalogue = {
  input_text: input('Text input', { placeholder: text('Placeholder') }),
  input_email: input('E-mail input', { placeholder: text('Placeholder') }),
  input_telephone: input('Telephone input', { placeholder: text('Placeholder') }),
  input_select: block('Select input', {
    settings: section('Settings', {
      label: text('Label'),
      name: FIELD_NAME,
      help: textarea('Help text'),
      required: REQUIRED,
    }),
    options: repeated('Options', 'Add option', { label: text('Label'), value: text('Value') }),
  }),
  input_consent: block('Consent checkbox', {
    settings: section('Settings', {
      statement: trix('Statement'),
      name: FIELD_NAME,
      required: REQUIRED,
    }),
  }),
  input_registration: input('Registration number input'),
  input_dealership: input('Dealership picker', {
    brand: select('Dealerships shown', [
      ['all', 'Every dealership'],
      ['brand', "The page's brand only"],
    ]),
  }),
  input_date: input('Date input', { earliest: date('Earliest date'), latest: date('Latest date') }),
};

/** The whole catalogue `builder/items` serves. */
export const CATALOGUE: Catalogue = { ...PAGE_BLOCKS, ...FORM_BLOCKS };

/** Page-wide fields per route or slug ('/' is the homepage). */
export const CONFIGURABLES: Record<string, Configurable[]> = {
  '/': [
    {
      name: 'Homepage',
      handle: 'homepage',
      fields: {
        headline: text('Headline'),
        search_condition: select('Search opens on', [
          ['new', 'New vehicles'],
          ['used', 'Used vehicles'],
        ]),
        background: files('Search background', 1),
      },
    },
  ],
  'used-cars': [
    {
      name: 'Used cars',
      handle: 'used_cars',
      fields: {
        intro: trix('Introduction'),
        banner: files('Banner images', 3),
        sale_ends_at: date('Sale ends on'),
        disclaimer: textarea('Disclaimer'),
      },
    },
  ],
};

/** The configurables of a slug or route, with or without its slashes ('/used-cars/' is 'used-cars'). */
export function configurablesFor(slug: string): Configurable[] {
  const trimmed = slug.trim();
  const key = trimmed.replace(/^\/+|\/+$/g, '').toLowerCase();
  // Only the catalogue's own routes: '__proto__' or 'constructor' name none.
  return own(CONFIGURABLES, key === '' ? '/' : key) ?? [];
}

/** A record's own entry only, so '__proto__' or 'toString' never name a block. */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
