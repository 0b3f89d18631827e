import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { brands } from '../../db/schema/brands';
import { dealerships } from '../../db/schema/dealerships';
import { leadDeliveries } from '../../db/schema/leads';
import { outboundMails } from '../../db/schema/mail';
import { vehicles } from '../../db/schema/vehicles';
import { isoTimeOrNull } from '../isoTime';
import { type EnqueueWithin, queueMail, resendFailedMail } from '../mailQueue';
import { transaction } from '../transaction';
import type { Lead, LeadVendor } from './lead';
import { type LeadFormat, leadMail } from './leadMail';

/** A dealership as its leads need it: where they go, how they are written, and who it is. */
export interface LeadDealership {
  id: number;
  crmEmails: string[];
  crmFormat: LeadFormat;
  /** Its brand's name (its make); its own name when it has no brand. */
  make: string;
  vendor: LeadVendor;
}

/** A vehicle in stock, for the lead of an enquiry or reservation that names its registration. */
export interface StockVehicle {
  make: string;
  model: string;
  derivative: string;
  /** In pence. */
  price: number;
}

type DealershipRow = typeof dealerships.$inferSelect;

function asLeadDealership(d: DealershipRow, brandName: string | null): LeadDealership {
  return {
    id: d.id,
    crmEmails: d.crmEmails,
    crmFormat: d.crmFormat,
    make: brandName ?? d.name,
    vendor: {
      name: d.name,
      email: d.email,
      telephone: d.telephone,
      address: {
        lines: [d.address.address_line_1, d.address.address_line_2 ?? ''].filter(Boolean),
        city: d.address.city,
        postcode: d.address.postcode,
      },
    },
  };
}

/** The dealership with CRM addresses, or null when it has none (or does not exist). */
export async function leadDealership(db: Db, id: number | null): Promise<LeadDealership | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ dealership: dealerships, brandName: brands.name })
    .from(dealerships)
    .leftJoin(brands, eq(brands.id, dealerships.brandId))
    .where(eq(dealerships.id, id));
  if (!row || row.dealership.crmEmails.length === 0) return null;
  return asLeadDealership(row.dealership, row.brandName);
}

/**
 * Every dealership an enquiry's lead goes to: the dealership it belongs to, when it has CRM
 * addresses; else, for an enquiry that belongs to a brand only (no dealership answered), each of
 * the brand's live dealerships with CRM addresses, in the dealerships' order. An enquiry to the
 * group as a whole goes to no CRM.
 */
export async function leadDealerships(
  db: Db,
  owner: { brandId: number | null; dealershipId: number | null },
): Promise<LeadDealership[]> {
  if (owner.dealershipId !== null) {
    const one = await leadDealership(db, owner.dealershipId);
    return one ? [one] : [];
  }
  if (owner.brandId === null) return [];
  const rows = await db
    .select({ dealership: dealerships, brandName: brands.name })
    .from(dealerships)
    .innerJoin(brands, eq(brands.id, dealerships.brandId))
    .where(
      and(
        eq(dealerships.brandId, owner.brandId),
        isNull(dealerships.deletedAt),
        isNotNull(dealerships.publishedAt),
        sql`cardinality(${dealerships.crmEmails}) > 0`,
      ),
    )
    .orderBy(asc(dealerships.sortOrder), asc(dealerships.id));
  return rows.map((row) => asLeadDealership(row.dealership, row.brandName));
}

/** The vehicle in stock with this registration (compared in upper case), or null. */
export async function stockVehicle(db: Db, registration: string | null): Promise<StockVehicle | null> {
  if (!registration) return null;
  const [row] = await db
    .select({
      make: vehicles.make,
      model: vehicles.model,
      derivative: vehicles.derivative,
      price: vehicles.price,
    })
    .from(vehicles)
    .where(sql`upper(${vehicles.registration}) = ${registration.toUpperCase()}`)
    .limit(1);
  return row ?? null;
}

export type LeadSource = { responseId: number } | { reservationId: number };

/**
 * Queues the lead to each of the dealership's CRM addresses, each a mail and its delivery row, in
 * the caller's transaction: the lead exists exactly when what it tells of does.
 */
export async function queueLeads(
  tx: Db,
  enqueue: EnqueueWithin,
  source: LeadSource,
  dealership: LeadDealership,
  lead: Lead,
): Promise<void> {
  for (const to of dealership.crmEmails) {
    const mailId = await queueMail(tx, enqueue, leadMail(lead, dealership.crmFormat, to));
    await tx.insert(leadDeliveries).values({
      ...('responseId' in source
        ? { responseId: source.responseId }
        : { reservationId: source.reservationId }),
      dealershipId: dealership.id,
      to,
      format: dealership.crmFormat,
      mailId,
    });
  }
}

export interface Delivery {
  to: string;
  format: LeadFormat;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  sent_at: string | null;
  error: string | null;
}

/** Where an enquiry's leads went, and how each fared, in the order they were queued. */
export async function deliveriesOf(db: Db, source: LeadSource): Promise<Delivery[]> {
  const rows = await db
    .select({
      to: leadDeliveries.to,
      format: leadDeliveries.format,
      attempts: outboundMails.attempts,
      sentAt: outboundMails.sentAt,
      failedAt: outboundMails.failedAt,
      error: outboundMails.lastError,
    })
    .from(leadDeliveries)
    .innerJoin(outboundMails, eq(outboundMails.id, leadDeliveries.mailId))
    .where(
      'responseId' in source
        ? eq(leadDeliveries.responseId, source.responseId)
        : eq(leadDeliveries.reservationId, source.reservationId),
    )
    .orderBy(asc(leadDeliveries.id));
  return rows.map((row) => ({
    to: row.to,
    format: row.format,
    status: row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'queued',
    attempts: row.attempts,
    sent_at: isoTimeOrNull(row.sentAt),
    error: row.sentAt ? null : row.error,
  }));
}

/**
 * Queues every failed lead of an enquiry again, in one transaction. Leads sent or still being
 * retried are left alone, so a second request at the same time queues nothing more. How many were
 * queued.
 */
export async function resendFailedLeads(db: Db, enqueue: EnqueueWithin, responseId: number): Promise<number> {
  return transaction(db, async (tx) => {
    const failed = await tx
      .select({ mailId: leadDeliveries.mailId })
      .from(leadDeliveries)
      .innerJoin(outboundMails, eq(outboundMails.id, leadDeliveries.mailId))
      .where(
        and(
          eq(leadDeliveries.responseId, responseId),
          isNotNull(outboundMails.failedAt),
          isNull(outboundMails.sentAt),
        ),
      )
      .orderBy(asc(leadDeliveries.id));
    let queued = 0;
    for (const { mailId } of failed) {
      if (await resendFailedMail(tx, enqueue, mailId)) queued += 1;
    }
    return queued;
  });
}
