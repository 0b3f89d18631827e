import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { stamps } from './columns';
import { outboundMails } from './mail';

/**
 * One lead sent to one CRM address of a dealership: an enquiry's or a reservation's. Written in
 * the same transaction as what it tells of, beside the queued mail that carries it, so a stored
 * enquiry always has its leads and a lead is sent once (see server/domain/mailQueue.ts).
 */
export const leadDeliveries = pgTable(
  'lead_deliveries',
  {
    id: serial('id').primaryKey(),
    /** The enquiry or the reservation it tells of (one of them). No foreign keys: the log outlives them. */
    responseId: integer('response_id'),
    reservationId: integer('reservation_id'),
    dealershipId: integer('dealership_id').notNull(),
    to: text('to').notNull(),
    format: text('format').$type<'adf' | 'email'>().notNull(),
    mailId: integer('mail_id')
      .notNull()
      .references(() => outboundMails.id, { onDelete: 'cascade' }),
    createdAt: stamps.createdAt,
  },
  (t) => [
    index('lead_deliveries_response_idx').on(t.responseId),
    index('lead_deliveries_reservation_idx').on(t.reservationId),
    index('lead_deliveries_mail_idx').on(t.mailId),
  ],
);
