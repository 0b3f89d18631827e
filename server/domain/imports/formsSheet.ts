import type { PageItem } from '@/api/contract/blocks';
import { slugify } from '@/shared/slug';
import { CellError, kept, list, yesNo } from './cells';
import { cellValue, type ImportProvider, published } from './provider';

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

export const formsSheet: ImportProvider = {
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
  async draft(cells, _lookups, problems) {
    const name = cellValue(cells, 'Name');
    const type = cellValue(cells, 'Email type').toLowerCase();
    return {
      name,
      parent: null,
      input: {
        name,
        handle: slugify(name) || 'form',
        meta: {
          title: cellValue(cells, 'Meta title') || name,
          description: cellValue(cells, 'Meta description'),
        },
        ...published(cells, 0, problems),
        emails: {
          subject: cellValue(cells, 'Email subject'),
          email_title: cellValue(cells, 'Email title'),
          email_body: cellValue(cells, 'Email body'),
          send_email: kept(problems, () => yesNo(cellValue(cells, 'Send email'), 'Send email', 1), 1),
          email_lists: list(cellValue(cells, 'Email lists')),
          email_type: type || 'emails',
        },
        thank_you: {
          title: cellValue(cells, 'Thank you title') || 'Thank you',
          description: cellValue(cells, 'Thank you message'),
        },
        // Each field the sheet cannot read is reported; the others are still checked.
        items: list(cellValue(cells, 'Fields'), /[;\n]+/).flatMap((text) =>
          kept(problems, () => [formInput(text)], []),
        ),
      },
    };
  },
};
