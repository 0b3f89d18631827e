import type { PageItem } from '@/api/contract/pages';
import { slugify } from '@/shared/slug';
import type { DealershipAddress, DealershipOpeningTimes } from '../../db/schema/dealerships';
import type { ImportKind } from '../../db/schema/jobs';
import { CellError, dateTime, list, yesNo } from './cells';
import { headerKey } from './sheet';

export interface ImportColumn {
  header: string;
  required: boolean;
  description: string;
}

export interface DealershipInfo {
  name: string;
  brandId: number | null;
  brandName: string | null;
  email: string;
  telephone: string;
  address: DealershipAddress;
  openingTimes: DealershipOpeningTimes[];
  live: boolean;
}

/** What a provider may look up while it reads a row. */
export interface ImportLookups {
  /** A live brand by its name or slug. */
  brand(text: string): Promise<{ id: number; name: string } | null>;
  /** A live dealership by its slug. */
  dealership(slug: string): Promise<DealershipInfo | null>;
}

/** One row read by a provider: the record's name, where it goes, and the builder form's values before the contract checks them. */
export interface Draft {
  name: string;
  /** The Parent cell: an existing page's slug or an earlier row's name; null for the top level. */
  parent: string | null;
  input: Record<string, unknown>;
}

export interface ImportProvider {
  key: string;
  label: string;
  /** What it creates: pages (the pages import screen) or forms (the forms one). */
  kind: ImportKind;
  description: string;
  columns: ImportColumn[];
  /** Example rows for the sample workbook, by column header. */
  sample: Record<string, string>[];
  /** The column a field of the builder form comes from, so the contract's messages name the column. */
  fieldColumns: Record<string, string>;
  /** Reads one row; a cell it cannot use throws CellError. */
  draft(cells: Record<string, string>, lookups: ImportLookups): Promise<Draft>;
}

const get = (cells: Record<string, string>, header: string) => cells[headerKey(header)] ?? '';

const richText = (name: string, body: string): PageItem => ({
  index: 'rich_text',
  name,
  hideable: { item: true, sections: [] },
  hidden: false,
  sections: { content: { hidden: false, fields: { body }, entries: [] } },
});

/** Published Yes needs a publish date: blank takes the moment of the import. */
function published(cells: Record<string, string>, fallback: 0 | 1) {
  const flag = yesNo(get(cells, 'Published'), 'Published', fallback);
  const at = dateTime(get(cells, 'Published at'), 'Published at');
  return { published: flag, published_at: flag === 1 ? (at ?? new Date().toISOString()) : null };
}

const PAGE_FIELD_COLUMNS = {
  name: 'Name',
  slug: 'Name',
  brand_id: 'Brand',
  'meta.title': 'Meta title',
  'meta.description': 'Meta description',
  published: 'Published',
  published_at: 'Published at',
  is_allowed_children: 'Allow children',
  items: 'Content',
};

const pagesSheet: ImportProvider = {
  key: 'pages',
  label: 'General pages',
  kind: 'page',
  description: 'One page per row, under an existing page or a page made by an earlier row.',
  columns: [
    { header: 'Name', required: true, description: "The page's name; its slug is made from it." },
    { header: 'Brand', required: true, description: 'The name or slug of an existing brand.' },
    {
      header: 'Parent',
      required: false,
      description:
        'The slug of an existing page (about-us/team), or the name of a page an earlier row makes. Blank: the top level.',
    },
    { header: 'Meta title', required: false, description: 'Blank: the name.' },
    { header: 'Meta description', required: true, description: 'The description search engines show.' },
    { header: 'Published', required: false, description: 'Yes or No. Blank: No.' },
    {
      header: 'Published at',
      required: false,
      description:
        'YYYY-MM-DD or YYYY-MM-DD HH:MM, in UK time. Blank with Published Yes: the time of the import.',
    },
    {
      header: 'Allow children',
      required: false,
      description: 'Yes or No: whether pages may go under it. Blank: No.',
    },
    {
      header: 'Content',
      required: false,
      description: 'Text for a rich text block (markdown). Blank: no block.',
    },
  ],
  sample: [
    {
      Name: 'Kia summer offers',
      Brand: 'kia',
      'Meta title': 'Kia summer offers',
      'Meta description': 'This summer’s offers on new Kia cars.',
      Published: 'Yes',
      'Published at': '2024-03-01',
      'Allow children': 'Yes',
      Content: '# Summer offers\n\nSee what is on offer this summer.',
    },
    {
      Name: 'Spring sale',
      Brand: 'kia',
      Parent: 'Kia summer offers',
      'Meta description': 'Savings on Kia cars all spring.',
      Published: 'No',
    },
  ],
  fieldColumns: PAGE_FIELD_COLUMNS,
  async draft(cells, lookups) {
    const name = get(cells, 'Name');
    const brandText = get(cells, 'Brand');
    const brand = brandText ? await lookups.brand(brandText) : null;
    if (brandText && !brand) throw new CellError('Brand', `No brand is called "${brandText}".`);
    const content = get(cells, 'Content');
    return {
      name,
      parent: get(cells, 'Parent') || null,
      input: {
        name,
        slug: slugify(name) || 'page',
        brand_id: brand?.id ?? '',
        meta: { title: get(cells, 'Meta title') || name, description: get(cells, 'Meta description') },
        ...published(cells, 0),
        is_allowed_children: yesNo(get(cells, 'Allow children'), 'Allow children', 0),
        items: content ? [richText('Content', content)] : [],
      },
    };
  },
};

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The address, telephone and opening times of a dealership, as markdown for its location page. */
function locationText(dealership: DealershipInfo): string {
  const { address } = dealership;
  const lines = [
    address.address_line_1,
    address.address_line_2,
    address.city,
    address.county,
    address.postcode,
  ]
    .filter(Boolean)
    .join(', ');
  const parts = [
    `## Find us\n\n${lines}`,
    `Telephone: ${dealership.telephone}  \nE-mail: ${dealership.email}`,
  ];
  for (const times of dealership.openingTimes) {
    const days = DAYS.map(
      (day) => `- ${day[0]!.toUpperCase()}${day.slice(1)}: ${times.days[day] ?? 'Closed'}`,
    );
    parts.push(`### ${times.department}\n\n${days.join('\n')}`);
  }
  return parts.join('\n\n');
}

const dealershipLocations: ImportProvider = {
  key: 'dealership_locations',
  label: 'Dealership locations',
  kind: 'page',
  description: 'One location page per dealership, with its address, contact details and opening times.',
  columns: [
    { header: 'Dealership', required: true, description: 'The slug of an existing dealership.' },
    {
      header: 'Parent',
      required: true,
      description: 'The slug of the page the location pages go under (locations).',
    },
    { header: 'Name', required: false, description: "Blank: the dealership's name." },
    { header: 'Meta title', required: false, description: 'Blank: the name.' },
    {
      header: 'Meta description',
      required: false,
      description: 'Blank: made from the address and telephone.',
    },
    {
      header: 'Published',
      required: false,
      description: 'Yes or No. Blank: Yes when the dealership is live.',
    },
    {
      header: 'Published at',
      required: false,
      description: 'YYYY-MM-DD (midnight, UK time). Blank with Published Yes: the time of the import.',
    },
    {
      header: 'Content',
      required: false,
      description: 'Text above the address (markdown). Blank: the address alone.',
    },
  ],
  sample: [
    { Dealership: 'kia-leeds', Parent: 'dealership-locations', Name: 'Kia Leeds service centre' },
    {
      Dealership: 'cupra-york',
      Parent: 'dealership-locations',
      Name: 'Cupra York showroom',
      Published: 'No',
    },
  ],
  fieldColumns: { ...PAGE_FIELD_COLUMNS, brand_id: 'Dealership', items: 'Content' },
  async draft(cells, lookups) {
    const slug = get(cells, 'Dealership');
    const dealership = slug ? await lookups.dealership(slug) : null;
    if (!slug) throw new CellError('Dealership', 'Enter the slug of a dealership.');
    if (!dealership) throw new CellError('Dealership', `No dealership has the slug "${slug}".`);
    if (dealership.brandId === null) {
      throw new CellError('Dealership', 'The dealership has no brand: choose its brand first.');
    }
    const parent = get(cells, 'Parent');
    if (!parent) throw new CellError('Parent', 'Enter the slug of the page the location goes under.');
    const name = get(cells, 'Name') || dealership.name;
    const { address } = dealership;
    const content = get(cells, 'Content');
    const description =
      get(cells, 'Meta description') ||
      `Visit ${dealership.name} at ${address.address_line_1}, ${address.city} ${address.postcode}. Call ${dealership.telephone}.`;
    return {
      name,
      parent,
      input: {
        name,
        slug: slugify(name) || 'page',
        brand_id: dealership.brandId,
        meta: { title: get(cells, 'Meta title') || name, description: description.slice(0, 1000) },
        ...published(cells, dealership.live ? 1 : 0),
        items: [
          ...(content ? [richText('Introduction', content)] : []),
          richText('Address and opening times', locationText(dealership)),
        ],
      },
    };
  },
};

const INPUT_TYPES: Record<string, string> = {
  text: 'input_text',
  email: 'input_email',
  telephone: 'input_telephone',
  registration: 'input_registration',
  dealership: 'input_dealership',
  date: 'input_date',
  consent: 'input_consent',
};

/** 'Name* (text)': a visitor's input, required when the label ends with *. */
function formInput(text: string): PageItem {
  const match = /^(.+?)\s*\(\s*([a-z]+)\s*\)$/i.exec(text);
  const index = match ? INPUT_TYPES[match[2]!.toLowerCase()] : undefined;
  if (!match || !index) {
    throw new CellError(
      'Fields',
      `Write each field as "Label (type)", the type one of ${Object.keys(INPUT_TYPES).join(', ')}: "${text}" is not.`,
    );
  }
  const required = match[1]!.endsWith('*');
  const label = match[1]!.replace(/\*$/, '').trim();
  const settings: Record<string, string> =
    index === 'input_consent'
      ? { statement: label, required: required ? '1' : '0' }
      : { label, required: required ? '1' : '0' };
  return {
    index,
    name: label,
    hideable: { item: false, sections: [] },
    hidden: false,
    sections: { settings: { hidden: false, fields: settings, entries: [] } },
  };
}

const formsSheet: ImportProvider = {
  key: 'forms',
  label: 'Forms',
  kind: 'form',
  description: 'One enquiry form per row, with its e-mails, thank-you message and fields.',
  columns: [
    { header: 'Name', required: true, description: "The form's name; its handle is made from it." },
    { header: 'Email subject', required: true, description: 'Subject of the e-mail each response sends.' },
    { header: 'Email title', required: true, description: 'Title inside that e-mail.' },
    { header: 'Email body', required: true, description: 'Text of that e-mail.' },
    { header: 'Email lists', required: true, description: 'Addresses that receive it, separated by commas.' },
    { header: 'Email type', required: false, description: 'dealerships or emails. Blank: emails.' },
    { header: 'Send email', required: false, description: 'Yes or No. Blank: Yes.' },
    { header: 'Thank you title', required: false, description: 'Blank: Thank you.' },
    { header: 'Thank you message', required: true, description: 'What the visitor reads after sending.' },
    { header: 'Meta title', required: false, description: 'Blank: the name.' },
    { header: 'Meta description', required: true, description: 'The description search engines show.' },
    { header: 'Published', required: false, description: 'Yes or No. Blank: No.' },
    {
      header: 'Published at',
      required: false,
      description: 'YYYY-MM-DD (midnight, UK time). Blank with Published Yes: the time of the import.',
    },
    {
      header: 'Fields',
      required: false,
      description:
        'The inputs, separated by semicolons, each "Label (type)" with a * after a required label; types: text, email, telephone, registration, dealership, date, consent.',
    },
  ],
  sample: [
    {
      Name: 'Brochure request',
      'Email subject': 'New brochure request',
      'Email title': 'A visitor asked for a brochure',
      'Email body': 'Please post a brochure to the visitor below.',
      'Email lists': 'sales@example.com, marketing@example.com',
      'Thank you message': 'Thanks, your brochure is on its way.',
      'Meta description': 'Ask for a brochure by post.',
      Published: 'Yes',
      Fields: 'Name* (text); E-mail* (email); Telephone (telephone); I agree to be contacted* (consent)',
    },
  ],
  fieldColumns: {
    name: 'Name',
    handle: 'Name',
    'emails.subject': 'Email subject',
    'emails.email_title': 'Email title',
    'emails.email_body': 'Email body',
    'emails.email_lists': 'Email lists',
    'emails.email_type': 'Email type',
    'emails.send_email': 'Send email',
    'thank_you.title': 'Thank you title',
    'thank_you.description': 'Thank you message',
    'meta.title': 'Meta title',
    'meta.description': 'Meta description',
    published: 'Published',
    published_at: 'Published at',
    items: 'Fields',
  },
  async draft(cells) {
    const name = get(cells, 'Name');
    const type = get(cells, 'Email type').toLowerCase();
    return {
      name,
      parent: null,
      input: {
        name,
        handle: slugify(name) || 'form',
        meta: { title: get(cells, 'Meta title') || name, description: get(cells, 'Meta description') },
        ...published(cells, 0),
        emails: {
          subject: get(cells, 'Email subject'),
          email_title: get(cells, 'Email title'),
          email_body: get(cells, 'Email body'),
          send_email: yesNo(get(cells, 'Send email'), 'Send email', 1),
          email_lists: list(get(cells, 'Email lists')),
          email_type: type || 'emails',
        },
        thank_you: {
          title: get(cells, 'Thank you title') || 'Thank you',
          description: get(cells, 'Thank you message'),
        },
        items: list(get(cells, 'Fields'), /[;\n]+/).map(formInput),
      },
    };
  },
};

/** Every provider builder/imports/providers offers, by key. */
export const PROVIDERS: Record<string, ImportProvider> = Object.fromEntries(
  [pagesSheet, dealershipLocations, formsSheet].map((provider) => [provider.key, provider]),
);

export function providerFor(key: string): ImportProvider | null {
  return Object.hasOwn(PROVIDERS, key) ? PROVIDERS[key]! : null;
}

/** The required columns a header row lacks. */
export function missingColumns(provider: ImportProvider, headers: string[]): string[] {
  const present = new Set(headers);
  return provider.columns.filter((c) => c.required && !present.has(headerKey(c.header))).map((c) => c.header);
}
