import { z } from 'zod';
import { flagValue, id, idQuery, versionSavedResponse } from './common';
import { defineCall } from './define';
import { emailType, formFields } from './formFields';
import { historyCalls } from './history';
import { treeCalls, treeSlugQuery } from './lifecycle';
import { formsApprove, formsRequestChanges, formsSubmit } from './pageReview';
import { page, pageCrumb, pageSummary } from './pages';
import { review } from './workflows';

export {
  type EmailType,
  emailType,
  type FormInput,
  type FormValues,
  formEmailsFields,
  formFields,
  formFieldsBase,
  formHandle,
  thankYouFields,
} from './formFields';

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
  response: z.object({ data: form, review: review.nullable() }),
  summary:
    'One form with its items, e-mails and thank-you message, and where it stands in its review, for the builder',
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
  submit: formsSubmit,
  approve: formsApprove,
  requestChanges: formsRequestChanges,
};

export { formsApprove, formsRequestChanges, formsSubmit };
