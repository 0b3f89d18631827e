import { z } from 'zod';
import { emailField, optionalText, requiredText } from '@/api/contract/common';
import type { ResponseHandle } from '@/api/contract/responses';

/** One question of an enquiry form, as the website asks it. */
interface EnquiryField {
  name: string;
  label: string;
  schema: z.ZodType<string | null>;
}

export interface EnquiryForm {
  title: string;
  /** The totals box the form counts towards. */
  group: 'Sales' | 'Aftersales' | 'Marketing';
  fields: EnquiryField[];
}

const f = (name: string, label: string, schema: z.ZodType<string | null>): EnquiryField => ({
  name,
  label,
  schema,
});

const name = f('name', 'Name', requiredText('Enter your name.', 120));
const email = f('email', 'Email', emailField);
const telephone = f(
  'telephone',
  'Telephone',
  optionalText(30).refine((v) => v === null || /^[0-9 +()-]{7,30}$/.test(v), 'Enter a telephone number.'),
);
const message = f('message', 'Message', optionalText(2000));
const derivative = f('derivative', 'Derivative', optionalText(200));
const dealership = f('dealership', 'Dealership', optionalText(200));
const registration = f(
  'registration',
  'Registration',
  optionalText(10).refine((v) => v === null || /^[A-Za-z0-9 ]{2,10}$/.test(v), 'Enter a registration.'),
);
const preferredDate = f(
  'preferred_date',
  'Preferred date',
  optionalText(10).refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter a date.'),
);
const contact = [name, email, telephone];

/** The website's enquiry forms (spec §3 Response): what each asks, so a submission can be checked. */
export const ENQUIRY_FORMS: Record<ResponseHandle, EnquiryForm> = {
  'aftersales-enquiry': {
    title: 'Aftersales Enquiry',
    group: 'Aftersales',
    fields: [...contact, registration, dealership, message],
  },
  'mot-enquiry': {
    title: 'MOT Enquiry',
    group: 'Aftersales',
    fields: [...contact, registration, dealership, preferredDate],
  },
  'motability-enquiry': {
    title: 'Motability Enquiry',
    group: 'Sales',
    fields: [...contact, derivative, dealership, message],
  },
  'new-car-enquiry': {
    title: 'New Car Enquiry',
    group: 'Sales',
    fields: [...contact, derivative, dealership, message],
  },
  newsletter: { title: 'Newsletter', group: 'Marketing', fields: [name, email] },
  'offer-enquiry': {
    title: 'Offer Enquiry',
    group: 'Sales',
    fields: [...contact, f('offer', 'Offer', optionalText(200)), dealership, message],
  },
  'parts-enquiry': {
    title: 'Parts Enquiry',
    group: 'Aftersales',
    fields: [...contact, registration, f('part', 'Part', optionalText(200)), dealership],
  },
  'service-enquiry': {
    title: 'Service Enquiry',
    group: 'Aftersales',
    fields: [
      ...contact,
      registration,
      f(
        'mileage',
        'Mileage',
        optionalText(7).refine((v) => v === null || /^\d+$/.test(v), 'Enter the mileage.'),
      ),
      dealership,
      preferredDate,
    ],
  },
  'test-drive': {
    title: 'Test Drive',
    group: 'Sales',
    fields: [...contact, derivative, dealership, preferredDate],
  },
  'used-vehicle-enquiry': {
    title: 'Used Vehicle Enquiry',
    group: 'Sales',
    fields: [...contact, registration, derivative, dealership, message],
  },
  'interest-enquiry': {
    title: 'Register Your Interest',
    group: 'Sales',
    fields: [...contact, derivative, dealership],
  },
};

/** The submission's fields as one object schema: unknown fields are refused, not stored. */
export function submissionSchema(form: EnquiryForm) {
  return z.strictObject(Object.fromEntries(form.fields.map((field) => [field.name, field.schema])), {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'This form does not ask for that.' : undefined),
  });
}
