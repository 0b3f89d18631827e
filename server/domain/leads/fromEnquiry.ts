import type { AnswerValue, Question } from '@/shared/answers';
import type { ResponseAnswer } from '../../db/schema/responses';
import type { LeadDealership, StockVehicle } from './deliveries';
import { type Interest, type Lead, nameParts, phoneType } from './lead';

/** What each enquiry form is about, for a CRM: the interest and whether the car is new or used. */
const FORM_INTEREST: Record<string, { interest: Interest; status: 'new' | 'used' | null }> = {
  'new-car-enquiry': { interest: 'buy', status: 'new' },
  'used-vehicle-enquiry': { interest: 'buy', status: 'used' },
  'offer-enquiry': { interest: 'buy', status: null },
  'interest-enquiry': { interest: 'buy', status: null },
  'motability-enquiry': { interest: 'lease', status: 'new' },
  'test-drive': { interest: 'test-drive', status: null },
};

/** A visitor's own answer to an 'interest' question, in ADF's words. */
export function interestOf(answer: string): Interest | null {
  const text = answer.toLowerCase();
  if (/test/.test(text)) return 'test-drive';
  if (/part[\s-]*ex|trade/.test(text)) return 'trade-in';
  if (/lease|leasing|contract hire|motability/.test(text)) return 'lease';
  if (/sell|valuation/.test(text)) return 'sell';
  if (/buy|purchas|finance/.test(text)) return 'buy';
  return null;
}

const matches = (q: Question, pattern: RegExp) => pattern.test(q.key) || pattern.test(q.label.toLowerCase());

/** What an answer reads as in a comment: 'Yes' or 'No' for a tick. */
function answerText(result: ResponseAnswer['result']): string {
  if (result === null || result === '') return '';
  if (typeof result === 'boolean') return result ? 'Yes' : 'No';
  return Array.isArray(result) ? result.join(', ') : String(result);
}

export interface EnquiryLeadInput {
  id: number;
  handle: string;
  /** The form's name: what the enquiry is ('Test Drive', 'Service Enquiry'). */
  title: string;
  questions: readonly Question[];
  values: Record<string, AnswerValue>;
  /** The answers as stored (a dealership as its name). */
  data: Record<string, ResponseAnswer>;
  receivedAt: Date;
  dealership: LeadDealership;
  /** The vehicle in stock with the registration the visitor gave, if any. */
  stock: StockVehicle | null;
}

/**
 * An enquiry as a lead. The vehicle is what the form and the stock have: its registration, make,
 * model and price; an enquiry that is not about buying one (a service, a part, a newsletter) names
 * the dealership's make with an empty model and says what it is in the comments. The customer's
 * answers that have no place of their own go into the customer's comments.
 */
export function enquiryLead(input: EnquiryLeadInput): Lead {
  const { questions, data, dealership, stock } = input;
  const used = new Set<string>();
  const take = (find: (q: Question) => boolean): string | null => {
    const question = questions.find((q) => !used.has(q.key) && find(q));
    if (!question) return null;
    used.add(question.key);
    return answerText(data[question.key]?.result ?? null) || null;
  };
  const email = take((q) => q.kind === 'email');
  const phone = take((q) => q.kind === 'telephone');
  const registration = take((q) => q.kind === 'registration')?.toUpperCase() ?? null;
  take((q) => q.kind === 'dealership');
  const first = take((q) => q.kind === 'text' && matches(q, /first[\s_]*name|forename/));
  const last = take((q) => q.kind === 'text' && matches(q, /last[\s_]*name|surname/));
  const full = take((q) => q.kind === 'text' && matches(q, /name/));
  const postcode = take((q) => q.kind === 'text' && matches(q, /post[\s_]*code|postal/));
  const make = take((q) => matches(q, /^make$/));
  const model = take((q) => matches(q, /^(model|derivative|vehicle)$/));
  const year = take((q) => matches(q, /^year$/));
  const price = take((q) => matches(q, /^price$/));
  const askedInterest = take((q) => matches(q, /interest/));

  const name = full ?? [first, last].filter(Boolean).join(' ');
  const parts = first && last ? { first, last } : nameParts(name);
  const byForm = FORM_INTEREST[input.handle] ?? null;
  const interest = (askedInterest && interestOf(askedInterest)) || byForm?.interest || null;
  const aboutVehicle = interest !== null;
  const pence = price ? Math.round(Number(price.replace(/[£,\s]/g, '')) * 100) : Number.NaN;

  const comments = questions
    .filter((q) => !used.has(q.key))
    .map((q) => [q.label, answerText(data[q.key]?.result ?? null)] as const)
    .filter(([, answer]) => answer !== '')
    .map(([label, answer]) => `${label}: ${answer}`);

  return {
    id: `enquiry-${input.id}`,
    requestedAt: input.receivedAt,
    title: input.title,
    vehicle: {
      interest,
      status: byForm?.status ?? (stock ? 'used' : null),
      registration,
      year: year ?? '',
      make: make ?? (aboutVehicle ? stock?.make : null) ?? dealership.make,
      model: aboutVehicle ? (model ?? stock?.model ?? '') : '',
      trim: aboutVehicle ? (stock?.derivative ?? null) : null,
      price: Number.isFinite(pence)
        ? { pence, currency: 'GBP' }
        : aboutVehicle && stock
          ? { pence: stock.price, currency: 'GBP' }
          : null,
      paid: null,
      // A vehicle the visitor named on a form not about buying one (a service) is said in words.
      comments: aboutVehicle ? null : [input.title, model].filter(Boolean).join(': '),
    },
    customer: {
      name,
      first: parts.first,
      last: parts.last,
      email,
      phone: phone ? { number: phone, type: phoneType(phone) } : null,
      postcode,
      comments: [`${input.title} from the website.`, ...comments].join('\n'),
    },
    vendor: dealership.vendor,
  };
}
