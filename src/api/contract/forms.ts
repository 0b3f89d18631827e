import { z } from 'zod';
import {
  emailField,
  fieldGroup,
  flag,
  flagValue,
  id,
  idQuery,
  optionalId,
  requiredText,
  versionSavedResponse,
} from './common';
import { defineCall } from './define';
import { historyCalls } from './history';
import { treeCalls, treeSlugQuery } from './lifecycle';
import { builderPageFields, page, pageCrumb, pageSummary, withPublishRules } from './pages';

export const emailType = z.enum(['dealerships', 'emails'], 'Choose who receives the e-mails.');
export type EmailType = z.infer<typeof emailType>;

/** Read-only, made from the name: lowercase words joined by hyphens. */
export const formHandle = z
  .string('Enter a handle.')
  .trim()
  .min(1, 'Enter a handle.')
  .max(255, 'Use at most 255 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, numbers and hyphens only.');

export const formEmails = z.object({
  subject: z.string(),
  email_title: z.string(),
  email_body: z.string(),
  send_email: flagValue,
  email_lists: z.array(z.string()),
  email_type: emailType,
});
export const thankYou = z.object({ title: z.string(), description: z.string() });

export const formSummary = pageSummary.omit({ slug: true }).extend({ handle: z.string() });
export type FormSummary = z.infer<typeof formSummary>;

/** A form: a page with a handle instead of a slug, plus its e-mails and thank-you message. */
export const form = page
  .omit({ slug: true })
  .extend({ handle: z.string(), emails: formEmails, thank_you: thankYou });
export type Form = z.infer<typeof form>;

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

export const formsList = defineCall({
  method: 'GET',
  path: 'forms',
  // Not shown by the spec: `parent` asks for one form's children (the /forms/children list).
  query: z.object({ parent: id.optional() }),
  // Shape not shown by the spec: the forms as a list, with the parent and the way down to it.
  response: z.object({
    data: z.array(formSummary),
    parent: formSummary.nullable(),
    ancestors: z.array(pageCrumb),
  }),
  summary: 'The top-level forms, or the children of one form',
});

export const formsSlug = defineCall({
  method: 'GET',
  path: 'forms/slug',
  query: treeSlugQuery,
  // Same answer as pages/slug so the builder reads both alike; the form builder puts it in `handle`.
  response: z.object({ slug: z.string() }),
  summary: 'A free handle made from a name',
});

export const formsEdit = defineCall({
  method: 'GET',
  path: 'forms/edit',
  query: idQuery,
  response: z.object({ data: form }),
  summary: 'One form with its items, e-mails and thank-you message, for the builder',
});

/** A saved form: its new version and the handle the server gave it. */
export const formSavedResponse = versionSavedResponse.extend({ handle: z.string() });

const formTree = treeCalls('forms', formFields, formSavedResponse);
export const formsStore = formTree.store;

export const formsUpdate = formTree.update;

export const formsDelete = formTree.remove;

/** Every call of this area, under the name the console's `api.forms` gives it. */
/** The revisions of one record: `forms/history` and `forms/history/show`. */
export const { history: formsHistory, historyShow: formsHistoryShow } = historyCalls('forms', form);

export const calls = {
  history: formsHistory,
  historyShow: formsHistoryShow,
  list: formsList,
  slug: formsSlug,
  edit: formsEdit,
  store: formsStore,
  update: formsUpdate,
  delete: formsDelete,
};
