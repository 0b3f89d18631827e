/** What a CRM is told of one enquiry or reservation, whatever format it is written in. */
export interface Lead {
  /** 'enquiry-12' or 'reservation-3': the same lead always has the same id, so a CRM can tell a repeat. */
  id: string;
  requestedAt: Date;
  /** What it is, in words: 'Test Drive', 'Service Enquiry', 'Reservation'. */
  title: string;
  vehicle: LeadVehicle;
  customer: LeadCustomer;
  vendor: LeadVendor;
}

/** What ADF 1.0 lets a vehicle's `interest` be. */
export type Interest = 'buy' | 'lease' | 'sell' | 'trade-in' | 'test-drive';

export interface LeadVehicle {
  /** Null for an enquiry that is not about a vehicle to buy (a service, a part, a newsletter). */
  interest: Interest | null;
  status: 'new' | 'used' | null;
  registration: string | null;
  year: string;
  make: string;
  model: string;
  trim: string | null;
  /** The asking price in pence, with its currency (ISO 4217, upper case). */
  price: { pence: number; currency: string } | null;
  /** What was paid to reserve it, in pence. */
  paid: { pence: number; currency: string } | null;
  comments: string | null;
}

export interface LeadCustomer {
  /** The name as given, and its parts when it has more than one word. */
  name: string;
  first: string | null;
  last: string | null;
  email: string | null;
  phone: { number: string; type: 'voice' | 'cellphone' } | null;
  postcode: string | null;
  /** The other answers, one 'Label: answer' a line. */
  comments: string;
}

export interface LeadVendor {
  name: string;
  email: string;
  telephone: string;
  address: {
    lines: string[];
    city: string;
    postcode: string;
  };
}

/** The console, as it names itself to a CRM. */
export const PROVIDER_NAME = 'Dealership Console';

/** Splits a name into first and last parts; one word is only a full name. */
export function nameParts(name: string): { first: string | null; last: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first: null, last: null };
  return { first: words[0]!, last: words.slice(1).join(' ') };
}

/** A UK mobile (07..., +44 7...) is a cellphone to a CRM; any other number a voice line. */
export function phoneType(number: string): 'voice' | 'cellphone' {
  const digits = number.replace(/[^0-9+]/g, '');
  return /^(07|\+447|00447|447)/.test(digits) ? 'cellphone' : 'voice';
}

/** Pence as pounds with two decimals: 9900 → '99.00'. */
export const poundsOf = (pence: number) => (pence / 100).toFixed(2);
