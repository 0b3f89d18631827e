import type { PageItem } from '@/api/contract/blocks';
import type { ResponseHandle } from '@/api/contract/responses';
import { newBlockId } from '@/shared/blockIds';
import type { FormEmailsColumn, pages, ThankYouColumn } from '../schema/pages';

type Settings = Record<string, string>;

/** An input block as the form builder places it, with its settings filled in. */
function input(index: string, name: string, settings: Settings, options: [string, string][] = []): PageItem {
  return {
    id: newBlockId(),
    index,
    name,
    hideable: { item: true, sections: [] },
    hidden: false,
    sections: {
      settings: { hidden: false, fields: { help: '', ...settings }, entries: [] },
      ...(index === 'input_select'
        ? {
            options: {
              hidden: false,
              fields: {},
              entries: options.map(([value, label]) => ({ opened: false, fields: { label, value } })),
            },
          }
        : {}),
    },
  };
}

const required = (yes: boolean) => (yes ? '1' : '0');
const name = () => input('input_text', 'Name', { label: 'Name', name: 'name', required: '1' });
const email = () =>
  input('input_email', 'Email', {
    label: 'Email',
    name: 'email',
    required: '1',
    placeholder: 'you@example.com',
  });
const telephone = (yes = false) =>
  input('input_telephone', 'Telephone', { label: 'Telephone', name: 'telephone', required: required(yes) });
const registration = (yes = false) =>
  input('input_registration', 'Registration', {
    label: 'Registration',
    name: 'registration',
    required: required(yes),
  });
const text = (key: string, label: string, yes = false) =>
  input('input_text', label, { label, name: key, required: required(yes) });
const derivative = () => text('derivative', 'Derivative');
const message = () => text('message', 'Message');
const dealership = (yes = false, brand = 'all') =>
  input('input_dealership', 'Dealership', {
    label: 'Dealership',
    name: 'dealership',
    required: required(yes),
    brand,
  });
const preferredDate = () =>
  input('input_date', 'Preferred date', {
    label: 'Preferred date',
    name: 'preferred_date',
    required: '0',
    earliest: '',
    latest: '',
  });
const consent = (key: string, statement: string, yes = false) =>
  input('input_consent', 'Consent', { statement, name: key, required: required(yes) });
const marketing = () =>
  consent('marketing', 'I am happy to hear about offers and events from Northway Motor Group.');
const contact = (telephoneRequired = false) => [name(), email(), telephone(telephoneRequired)];

/** A test drive booking; a brand's own form offers only that brand's dealerships ('brand'). */
export const testDriveItems = (dealerships: 'all' | 'brand') => [
  ...contact(),
  derivative(),
  dealership(true, dealerships),
  preferredDate(),
  marketing(),
];

/** What each of the website's enquiry forms asks (spec §3 Response form handles), block by block. */
export const ENQUIRY_FORM_ITEMS: Record<ResponseHandle, () => PageItem[]> = {
  'aftersales-enquiry': () => [...contact(), registration(), dealership(), message()],
  'mot-enquiry': () => [...contact(true), registration(true), dealership(true), preferredDate()],
  'motability-enquiry': () => [...contact(), derivative(), dealership(), message()],
  'new-car-enquiry': () => [...contact(), derivative(), dealership(), message(), marketing()],
  newsletter: () => [
    name(),
    email(),
    consent('subscribe', 'Send me the Northway newsletter. I can unsubscribe at any time.', true),
  ],
  'offer-enquiry': () => [...contact(), text('offer', 'Offer'), dealership(), message()],
  'parts-enquiry': () => [...contact(), registration(true), text('part', 'Part'), dealership()],
  'service-enquiry': () => [
    ...contact(true),
    registration(true),
    text('mileage', 'Mileage'),
    input('input_select', 'Service', { label: 'Service', name: 'service', required: '1' }, [
      ['interim', 'Interim service'],
      ['full', 'Full service'],
      ['major', 'Major service'],
    ]),
    dealership(true),
    preferredDate(),
  ],
  'test-drive': () => testDriveItems('all'),
  'used-vehicle-enquiry': () => [...contact(), registration(), derivative(), dealership(), message()],
  'interest-enquiry': () => [...contact(), derivative(), dealership()],
};

/** The forms whose enquiries go to the dealership the visitor chose; the rest go to the enquiry desk. */
const TO_DEALERSHIP = new Set<ResponseHandle>(['test-drive', 'service-enquiry', 'mot-enquiry']);

export function enquiryFormEmails(handle: ResponseHandle, title: string): FormEmailsColumn {
  return {
    subject: `New website enquiry: ${title}`,
    email_title: `You have a new ${title.toLowerCase()}`,
    email_body: 'A customer has sent an enquiry from the website. Please reply within one working day.',
    send_email: 1,
    email_lists: ['enquiries@northway.example.co.uk'],
    email_type: TO_DEALERSHIP.has(handle) ? 'dealerships' : 'emails',
  };
}

export const ENQUIRY_THANK_YOU: ThankYouColumn = {
  title: 'Thank you',
  description: 'Thank you for your enquiry, we will be in touch shortly.',
};

type NewPage = typeof pages.$inferInsert;

/** A published enquiry form's row, with its blocks, e-mails and thank-you message. */
export function enquiryFormRow(
  handle: ResponseHandle,
  title: string,
  fields: Partial<NewPage> = {},
): NewPage & { sortOrder: number } {
  return {
    kind: 'form',
    name: title,
    slug: handle,
    brandId: null,
    meta: { title, description: `${title} form.` },
    published: true,
    publishedAt: new Date(Date.now() - 100 * 24 * 3600_000),
    items: ENQUIRY_FORM_ITEMS[handle](),
    emails: enquiryFormEmails(handle, title),
    thankYou: ENQUIRY_THANK_YOU,
    parentId: null,
    sortOrder: 1,
    ...fields,
  };
}
