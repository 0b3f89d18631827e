import { slugify } from '@/shared/slug';
import { CellError, kept, yesNo } from './cells';
import { cellValue, type ImportProvider, PAGE_FIELD_COLUMNS, published, richText } from './provider';

export const pagesSheet: ImportProvider = {
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
  async draft(cells, lookups, problems) {
    const name = cellValue(cells, 'Name');
    const brandText = cellValue(cells, 'Brand');
    const brand = brandText ? await lookups.brand(brandText) : null;
    if (brandText && !brand) problems.push(new CellError('Brand', `No brand is called "${brandText}".`));
    const content = cellValue(cells, 'Content');
    return {
      name,
      parent: cellValue(cells, 'Parent') || null,
      input: {
        name,
        slug: slugify(name) || 'page',
        brand_id: brand?.id ?? '',
        meta: {
          title: cellValue(cells, 'Meta title') || name,
          description: cellValue(cells, 'Meta description'),
        },
        ...published(cells, 0, problems),
        is_allowed_children: kept(
          problems,
          () => yesNo(cellValue(cells, 'Allow children'), 'Allow children', 0),
          0,
        ),
        items: content ? [richText('Content', content)] : [],
      },
    };
  },
};
