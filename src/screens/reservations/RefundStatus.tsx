import type { Reservation } from '@/api/contract/reservations';
import { formatMoney } from '@/shared/format';
import { cx } from '@/ui/cx';
import { StatusIcon } from '@/ui/StatusIcon';
import styles from './Reservations.module.css';

type Refund = Pick<Reservation, 'refunded' | 'amount' | 'amount_refunded' | 'amount_pending' | 'currency'>;

/**
 * The refunded tick or cross of the list and the detail screen; between them, a partial refund
 * shows its own mark and how much went back ('£49.75', or '£49.75 of £199.00' in full), and a
 * refund sent to Stripe that Stripe has not yet reported shows as pending, with its amount.
 */
export function RefundStatus({ reservation: r, full = false }: { reservation: Refund; full?: boolean }) {
  if (r.refunded) return <StatusIcon icon="tick" label="Refunded" tone="success" />;
  if (r.amount_refunded <= 0 && r.amount_pending <= 0) {
    return <StatusIcon icon="cross" label="Not refunded" tone="danger" />;
  }
  const refunded = formatMoney(r.amount_refunded, r.currency);
  const pending = formatMoney(r.amount_pending, r.currency);
  const of = formatMoney(r.amount, r.currency);
  const words =
    r.amount_pending <= 0
      ? full
        ? `Partially refunded: ${refunded} of ${of}`
        : refunded
      : full
        ? `Refund pending: ${pending} of ${of}${r.amount_refunded > 0 ? `, ${refunded} refunded before` : ''}`
        : `${pending} pending`;
  return (
    <span className={cx(styles.partial, full && styles.partialFull)}>
      {r.amount_pending > 0 ? (
        <StatusIcon icon="undo" label="Refund pending" tone="accent" />
      ) : (
        <StatusIcon icon="minus" label="Partially refunded" tone="accent" />
      )}
      <span>{words}</span>
    </span>
  );
}
