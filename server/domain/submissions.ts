import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type AnswerValue,
  type PickedDealership,
  type Question,
  questionsOf,
  submissionSchema,
} from '@/shared/answers';
import type { Db } from '../db/open';
import { dealerships } from '../db/schema/dealerships';
import type { QueuedMessage } from '../db/schema/mail';
import { type FormEmailsColumn, pages, type ThankYouColumn } from '../db/schema/pages';
import type { ResponseAnswer } from '../db/schema/responses';
import { approvedContent, publishedNow } from '../site/published';
import type { RowOwner } from './access/scope';
import { createAddressHasher } from './dailySalts';
import { leadDealerships, queueLeads, stockVehicle } from './leads/deliveries';
import { enquiryLead } from './leads/fromEnquiry';
import { type EnqueueWithin, queueMail } from './mailQueue';
import { createSharedRateLimiter } from './rateLimits';
import { storeResponse } from './responses';
import { emitEvent } from './webhooks/outbox';

export const DEFAULT_THANK_YOU_TITLE = 'Thank you';

export type Submission =
  | { status: 'missing' }
  | { status: 'invalid'; errors: Record<string, string[]> }
  | { status: 'stored'; id: number; thankYou: ThankYouColumn };

interface LiveForm {
  name: string;
  brandId: number | null;
  items: unknown[];
  emails: FormEmailsColumn | null;
  thankYou: ThankYouColumn | null;
}

/** A form the website may post to: published, its publication date reached, not deleted. */
async function liveForm(db: Db, handle: string): Promise<LiveForm | null> {
  const [form] = await db
    .select({
      // Under a workflow, the questions and thank-you message a reviewer approved.
      name: sql<string>`${approvedContent('"pages"', 'name')}`,
      brandId: pages.brandId,
      items: sql<unknown[]>`${approvedContent('"pages"', 'items')}`,
      emails: pages.emails,
      thankYou: sql<ThankYouColumn | null>`${approvedContent('"pages"', 'thank_you')}`,
    })
    .from(pages)
    .where(and(eq(pages.kind, 'form'), eq(pages.slug, handle), publishedNow));
  return form ?? null;
}

/** A dealership a visitor may pick: live and not in the bin. */
async function findDealership(db: Db, id: number): Promise<PickedDealership | null> {
  const [found] = await db
    .select({
      id: dealerships.id,
      name: dealerships.name,
      email: dealerships.email,
      brandId: dealerships.brandId,
    })
    .from(dealerships)
    .where(and(eq(dealerships.id, id), isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt)));
  return found ?? null;
}

const isDealership = (value: AnswerValue): value is PickedDealership =>
  typeof value === 'object' && value !== null;

/** What an answer reads as in a mail: 'Yes' or 'No' for a tick, 'N/A' for nothing. */
function resultText(result: ResponseAnswer['result']): string {
  if (result === null || result === '') return 'N/A';
  if (typeof result === 'boolean') return result ? 'Yes' : 'No';
  return Array.isArray(result) ? result.join(', ') : String(result);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The form's own e-mail about one enquiry (spec §3 Form emails), or none when the form sends
 * none. Type 'dealerships' goes to the dealership the visitor chose (the listed addresses when
 * none was chosen); type 'emails' goes to the listed addresses.
 */
export function formMail(
  form: Pick<LiveForm, 'name' | 'emails'>,
  questions: readonly Question[],
  values: Record<string, AnswerValue>,
  data: Record<string, ResponseAnswer>,
): QueuedMessage | null {
  const emails = form.emails;
  if (emails?.send_email !== 1) return null;
  const chosen = questions.flatMap((q) => {
    const value = values[q.key];
    return q.kind === 'dealership' && value && isDealership(value) ? [value.email] : [];
  });
  const to = emails.email_type === 'dealerships' && chosen.length > 0 ? chosen : emails.email_lists;
  const recipients = [...new Set(to.filter(Boolean))];
  if (recipients.length === 0) return null;
  const replyTo = questions.find((q) => q.kind === 'email' && typeof values[q.key] === 'string');
  const pairs = Object.values(data).map((answer) => [answer.label, resultText(answer.result)] as const);
  const title = emails.email_title || form.name;
  const text = [
    title,
    '',
    emails.email_body,
    '',
    ...pairs.map(([label, result]) => `${label}: ${result}`),
  ].join('\n');
  const html = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(emails.email_body).replace(/\n/g, '<br>')}</p>`,
    '<table>',
    ...pairs.map(
      ([label, result]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(result)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
  return {
    to: recipients,
    subject: emails.subject || `New enquiry: ${form.name}`,
    text,
    html,
    ...(replyTo ? { replyTo: values[replyTo.key] as string } : {}),
  };
}

/**
 * Where an enquiry belongs (issue #25), decided when it is received: the dealership its form's
 * dealership question chose, with that dealership's brand; else the brand of the form it was sent
 * from; else the group. A form with two dealership questions belongs to the first one answered.
 */
export function enquiryOwner(
  form: Pick<LiveForm, 'brandId'>,
  questions: readonly Question[],
  values: Record<string, AnswerValue>,
): RowOwner {
  for (const question of questions) {
    const value = values[question.key];
    if (question.kind === 'dealership' && value && isDealership(value)) {
      return { brandId: value.brandId, dealershipId: value.id };
    }
  }
  return { brandId: form.brandId, dealershipId: null };
}

/**
 * A visitor's enquiry to one form: checked against the form's input blocks, stored in their order,
 * and the form's e-mail queued in the same transaction, so a stored enquiry is always mailed.
 */
export async function submitEnquiry(
  deps: { db: Db; enqueueMail: EnqueueWithin },
  handle: string,
  fields: Record<string, unknown>,
): Promise<Submission> {
  const { db } = deps;
  const form = await liveForm(db, handle);
  if (!form) return { status: 'missing' };
  const questions = questionsOf(form.items);
  const parsed = await submissionSchema(questions, {
    brandId: form.brandId,
    findDealership: (id) => findDealership(db, id),
  }).safeParseAsync(fields);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const keys =
        issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.') || '_'];
      for (const key of keys) errors[`fields.${key}`] = [...(errors[`fields.${key}`] ?? []), issue.message];
    }
    return { status: 'invalid', errors };
  }
  const values = parsed.data as Record<string, AnswerValue>;
  const data: Record<string, ResponseAnswer> = {};
  for (const question of questions) {
    const value = values[question.key] ?? null;
    data[question.key] = { label: question.label, result: isDealership(value) ? value.name : value };
  }
  const message = formMail(form, questions, values, data);
  const owner = enquiryOwner(form, questions, values);
  // Its dealership's CRM addresses get it as a lead, queued with it; a brand's enquiry goes to each
  // of the brand's dealerships with CRM addresses (none: no lead).
  const crms = await leadDealerships(db, owner);
  const registration = questions.find((q) => q.kind === 'registration' && typeof values[q.key] === 'string');
  const stock =
    crms.length > 0 && registration ? await stockVehicle(db, values[registration.key] as string) : null;
  const receivedAt = new Date();
  const id = await storeResponse(
    db,
    handle,
    data,
    receivedAt,
    async (tx, id) => {
      if (message) await queueMail(tx, deps.enqueueMail, message);
      await emitEvent(tx, {
        type: 'response.received',
        owner: { brand: owner.brandId, dealership: owner.dealershipId },
        ids: [id],
        data: { form: handle, answers: data },
      });
      for (const crm of crms) {
        const lead = enquiryLead({
          id,
          handle,
          title: form.name,
          questions,
          values,
          data,
          receivedAt,
          dealership: crm,
          stock,
        });
        await queueLeads(tx, deps.enqueueMail, { responseId: id }, crm, lead);
      }
    },
    owner,
  );
  return {
    status: 'stored',
    id,
    thankYou: {
      title: form.thankYou?.title || DEFAULT_THANK_YOU_TITLE,
      description: form.thankYou?.description ?? '',
    },
  };
}

export type VisitorSubmission = Submission | { status: 'limited'; retryAfterSeconds: number };

/** Where the website's enquiries arrive, from the JSON call and from a form posted without JavaScript alike. */
export interface EnquiryDesk {
  /** Counts the visitor's allowance for the form, then checks, stores and mails the enquiry. */
  submit(ip: string, handle: string, fields: Record<string, unknown>): Promise<VisitorSubmission>;
}

export const TOO_MANY_ENQUIRIES = 'Too many enquiries from this address. Please try again in a minute.';

/** Enquiries a visitor may send per form each minute. */
export const SUBMISSIONS_PER_MINUTE = 10;

/**
 * The one way a visitor's enquiry comes in: limited per visitor and form (counted in the database,
 * so every process and both ways of posting share one allowance), then `submitEnquiry`.
 */
export function createEnquiryDesk(
  deps: { db: Db; enqueueMail: EnqueueWithin },
  options: { perMinute?: number } = {},
): EnquiryDesk {
  const limiter = createSharedRateLimiter(deps.db, {
    name: 'submit',
    max: options.perMinute ?? SUBMISSIONS_PER_MINUTE,
    windowSeconds: 60,
  });
  const hashAddress = createAddressHasher(deps.db);
  return {
    async submit(ip, handle, fields) {
      // Counted under the address's hash of the day: the limit never stores the address.
      const taken = await limiter.take(`${await hashAddress(ip)}|${handle}`);
      if (!taken.allowed) return { status: 'limited', retryAfterSeconds: taken.retryAfterSeconds };
      return submitEnquiry(deps, handle, fields);
    },
  };
}
