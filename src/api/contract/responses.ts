import { z } from 'zod';
import { emailField, idQuery, pageNumber, paginator, timestamp } from './common';
import { defineCall } from './define';
import { exportQueued } from './exports';

/** Form handles that store enquiries (spec §3 Response). */
export const responseHandles = [
  'aftersales-enquiry',
  'mot-enquiry',
  'motability-enquiry',
  'new-car-enquiry',
  'newsletter',
  'offer-enquiry',
  'parts-enquiry',
  'service-enquiry',
  'test-drive',
  'used-vehicle-enquiry',
  'interest-enquiry',
] as const;
export const responseHandle = z.enum(responseHandles, 'Choose a form.');

/** The groups the totals boxes count forms in: every form belongs to one, and each has a box. */
export const enquiryGroups = ['Sales', 'Aftersales', 'Marketing'] as const;
export type EnquiryGroup = (typeof enquiryGroups)[number];
export type ResponseHandle = z.infer<typeof responseHandle>;

/** One answer of an enquiry: the question as the form labelled it, and what was entered. */
export const responseField = z.object({
  label: z.string(),
  result: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
});

export const enquiry = z.object({
  id: z.number().int(),
  handle: z.string(),
  /** Field name to answer, in the order the form asked. */
  data: z.record(z.string(), responseField),
  date_added: timestamp,
  /** Where the enquiry belongs: its chosen dealership's brand, or its form's brand; null: the group. */
  brand_id: z.number().int().nullable(),
  /** The dealership its form's dealership question chose; null when none was chosen. */
  dealership_id: z.number().int().nullable(),
});
export type Enquiry = z.infer<typeof enquiry>;

/** A list the console can pick (Form select) and export: a form handle and its title. */
export const responseList = z.object({ name: responseHandle, label: z.string() });

/** The export modal: which list, to which address. */
export const responseExportFields = z.object({
  name: responseHandle,
  email: emailField,
});
export type ResponseExportInput = z.input<typeof responseExportFields>;

export const responsesList = defineCall({
  method: 'GET',
  path: 'responses',
  query: z.object({
    handle: responseHandle.optional(),
    page: pageNumber,
  }),
  response: z.object({
    /** The form these enquiries are of: the one asked for or, without one, the first with stored enquiries. */
    handle: responseHandle,
    responses: paginator(enquiry),
    lists: z.array(responseList),
    /** Enquiries stored in the console for this form. */
    total: z.number().int(),
    /** Every enquiry of this form, including those that were only e-mailed. */
    full_total: z.number().int(),
  }),
  summary: 'Enquiries of one form, paged, with the lists to choose from and both totals',
});

/** One lead of an enquiry to one of its dealership's CRM addresses, and how it fared. */
export const leadDelivery = z.object({
  to: z.string(),
  format: z.enum(['adf', 'email']),
  /** queued: waiting or being retried; sent: the mail server took it; failed: every retry failed. */
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  sent_at: timestamp.nullable(),
  /** Why the latest attempt failed; null once sent. */
  error: z.string().nullable(),
});
export type LeadDelivery = z.infer<typeof leadDelivery>;

export const responsesShow = defineCall({
  method: 'GET',
  path: 'responses/show',
  query: idQuery,
  response: z.object({ data: enquiry, deliveries: z.array(leadDelivery) }),
  summary: 'One enquiry, as label and result pairs, with where its leads went',
});

export const responsesResend = defineCall({
  method: 'POST',
  path: 'responses/resend',
  body: idQuery,
  response: z.object({ message: z.string(), deliveries: z.array(leadDelivery) }),
  summary: "Sends an enquiry's failed leads to its dealership's CRM again",
});

export const responsesLists = defineCall({
  method: 'GET',
  path: 'responses/lists',
  // Shape not shown by the spec: the same lists the paged call answers.
  response: z.object({ data: z.array(responseList) }),
  summary: 'The lists that can be viewed and exported',
});

/** A count, or 'N/A' where it is not known. */
const countOrNa = z.union([z.number().int(), z.literal('N/A')]);

export const responsesTotals = defineCall({
  method: 'GET',
  path: 'responses/totals',
  // Shape not shown by the spec: per group key its total and the breakdown the 'View more' modal lists.
  response: z.object({
    data: z.record(z.string(), z.object({ total: countOrNa, groups: z.record(z.string(), countOrNa) })),
  }),
  summary: 'Totals per group, each with its breakdown',
});

export const responsesExport = defineCall({
  method: 'POST',
  path: 'responses/export',
  body: responseExportFields,
  response: exportQueued,
  summary: 'Queues an export of one list; the file is e-mailed',
});

/** The most characters one typed answer to a website form may hold. */
export const MAX_ANSWER_LENGTH = 5000;

/** What a visitor may type into one field of a website form. */
const submittedValue = z.union(
  [
    z.string().max(MAX_ANSWER_LENGTH, `Use at most ${MAX_ANSWER_LENGTH} characters.`),
    z.number(),
    z.boolean(),
    z.array(z.string().max(500, 'Use at most 500 characters for each choice.')).max(50, 'Choose at most 50.'),
    z.null(),
  ],
  'Give text, a number, yes or no, or a list of choices.',
);

/** A visitor's enquiry from the public website; the fields are checked against the form's input blocks. */
export const responseSubmitFields = z.object({
  /** A published form's handle; any other answers 404. */
  handle: z.string('Give a form handle.').max(255, 'Give a form handle.'),
  fields: z.record(z.string().max(100), submittedValue, {
    // A key's own message is not passed on by the record: it says what was wrong with the key itself.
    error: (issue) =>
      issue.code === 'invalid_key'
        ? 'Name each field in at most 100 characters.'
        : 'Give the fields as an object of names and values.',
  }),
});

export const responsesSubmit = defineCall({
  method: 'POST',
  path: 'responses/submit',
  auth: false,
  body: responseSubmitFields,
  response: z.object({
    message: z.string(),
    id: z.number().int(),
    /** The form's thank-you message, for the website to show. */
    thank_you: z.object({ title: z.string(), description: z.string() }),
  }),
  summary:
    "The public website's form submission: checked against the form's blocks, stored, counted and mailed; limited per visitor",
});

/** Every call of this area, under the name the console's `api.responses` gives it. */
export const calls = {
  list: responsesList,
  show: responsesShow,
  resend: responsesResend,
  lists: responsesLists,
  totals: responsesTotals,
  export: responsesExport,
  submit: responsesSubmit,
};
