import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';

/**
 * Serialises everything that works out a charge's refunds (its Stripe events, a refund asked for
 * from the console), so none of them reads rows another is changing. Held to the transaction's end.
 */
export async function lockCharge(tx: Db, chargeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`charge:${chargeId}`}))`);
}
