import { slugify } from '@/shared/slug';
import { CellError } from './cells';
import {
  cellValue,
  type DealershipInfo,
  type ImportProvider,
  PAGE_FIELD_COLUMNS,
  published,
  richText,
} from './provider';

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

export const dealershipLocations: ImportProvider = {
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
  async draft(cells, lookups, problems) {
    const slug = cellValue(cells, 'Dealership');
    const dealership = slug ? await lookups.dealership(slug) : null;
    if (!slug) throw new CellError('Dealership', 'Enter the slug of a dealership.');
    if (!dealership) throw new CellError('Dealership', `No dealership has the slug "${slug}".`);
    if (dealership.brandId === null) {
      throw new CellError('Dealership', 'The dealership has no brand: choose its brand first.');
    }
    const parent = cellValue(cells, 'Parent');
    if (!parent)
      problems.push(new CellError('Parent', 'Enter the slug of the page the location goes under.'));
    const name = cellValue(cells, 'Name') || dealership.name;
    const { address } = dealership;
    const content = cellValue(cells, 'Content');
    const description =
      cellValue(cells, 'Meta description') ||
      `Visit ${dealership.name} at ${address.address_line_1}, ${address.city} ${address.postcode}. Call ${dealership.telephone}.`;
    return {
      name,
      parent,
      input: {
        name,
        slug: slugify(name) || 'page',
        brand_id: dealership.brandId,
        meta: { title: cellValue(cells, 'Meta title') || name, description: description.slice(0, 1000) },
        ...published(cells, dealership.live ? 1 : 0, problems),
        items: [
          ...(content ? [richText('Introduction', content)] : []),
          richText('Address and opening times', locationText(dealership)),
        ],
      },
    };
  },
};
