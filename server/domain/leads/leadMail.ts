import type { QueuedMessage } from '../../db/schema/mail';
import { adfDocument, requestDate } from './adf';
import { type Lead, PROVIDER_NAME, poundsOf } from './lead';

export type LeadFormat = 'adf' | 'email';

/** The lead as a person reads it: one 'Label: value' a line, then the customer's other answers. */
export function plainLead(lead: Lead): string {
  const { vehicle: v, customer: c, vendor } = lead;
  const lines = (pairs: [string, string | null | undefined][]) =>
    pairs.filter(([, value]) => value).map(([label, value]) => `${label}: ${value}`);
  const vehicle = [v.make, v.model, v.trim].filter(Boolean).join(' ');
  return [
    `${lead.title} for ${vendor.name}`,
    '',
    ...lines([
      ['Received', requestDate(lead.requestedAt)],
      ['Reference', lead.id],
      ['Interest', v.interest],
      ['Vehicle', vehicle],
      ['Registration', v.registration],
      ['Year', v.year],
      ['Price', v.price ? `${poundsOf(v.price.pence)} ${v.price.currency}` : null],
      ['Paid to reserve', v.paid ? `${poundsOf(v.paid.pence)} ${v.paid.currency}` : null],
      ['About', v.comments],
    ]),
    '',
    'Customer',
    ...lines([
      ['Name', c.name],
      ['E-mail', c.email],
      ['Telephone', c.phone?.number],
      ['Postcode', c.postcode],
    ]),
    ...(c.comments ? ['', c.comments] : []),
    '',
    `Sent by ${PROVIDER_NAME}.`,
    '',
  ].join('\n');
}

/**
 * The mail that carries a lead to one CRM address. ADF: a plain-text body holding only the XML
 * document, as CRMs that read leads from a mailbox expect. E-mail: the lead written for a person.
 */
export function leadMail(lead: Lead, format: LeadFormat, to: string): QueuedMessage {
  const who = lead.customer.name || lead.customer.email || 'a customer';
  return {
    to: [to],
    subject: `${lead.title} from ${who}`,
    text: format === 'adf' ? adfDocument(lead) : plainLead(lead),
    ...(format === 'email' && lead.customer.email ? { replyTo: lead.customer.email } : {}),
  };
}
