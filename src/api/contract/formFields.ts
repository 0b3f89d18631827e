import { z } from 'zod';
import { emailField, fieldGroup, flag, optionalId, requiredText } from './common';
import { builderPageFields, withPublishRules } from './pageFields';

/*
 * What the form builder's screen needs of the forms area: the fields its settings and messages
 * edit and the rules it checks. They live apart from the area's calls (forms.ts, which
 * re-exports them), so the builder loads these few schemas without the rest.
 */

export const emailType = z.enum(['dealerships', 'emails'], 'Choose who receives the e-mails.');
export type EmailType = z.infer<typeof emailType>;

/** Read-only, made from the name: lowercase words joined by hyphens. */
export const formHandle = z
  .string('Enter a handle.')
  .trim()
  .min(1, 'Enter a handle.')
  .max(255, 'Use at most 255 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, numbers and hyphens only.');

export const formEmailsFields = z.object({
  subject: requiredText('Enter an e-mail subject.'),
  email_title: requiredText('Enter an e-mail title.'),
  email_body: requiredText('Enter an e-mail body.', 20_000),
  send_email: flag.default(1),
  /** A list, or one text of addresses separated by commas, semicolons or spaces. */
  email_lists: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
    z
      .array(emailField, 'Add at least one e-mail address.')
      .min(1, 'Add at least one e-mail address.')
      .max(50, 'Add at most 50 e-mail addresses.'),
  ),
  email_type: emailType.default('emails'),
});

export const thankYouFields = z.object({
  title: requiredText('Enter a thank-you title.').default('Thank you'),
  description: requiredText('Enter a thank-you message.', 5000),
});

export const formFieldsBase = builderPageFields.extend({
  /** Not read: the server makes the handle from the name, and the answer says which. */
  handle: formHandle.optional(),
  brand_id: optionalId,
  emails: fieldGroup(formEmailsFields),
  thank_you: fieldGroup(thankYouFields),
});
/** The form builder form (spec §5 required markers). */
export const formFields = withPublishRules(formFieldsBase);
export type FormInput = z.input<typeof formFields>;
export type FormValues = z.output<typeof formFields>;
