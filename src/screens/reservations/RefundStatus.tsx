import type { Reservation } from '@/api/contract/reservations';
import { formatMoney } from '@/shared/format';
import { StatusIcon } from '@/ui/StatusIcon';
import styles from './Reservations.module.css';

type Refund = Pick<Reservation, 'refunded' | 'amount' | 'amount_refunded' | 'currency'>;

/**
 * The refunded tick or cross of the list and the detail screen; between them, a partial refund
 * shows its own mark and how much went back ('£49.75', or '£49.75 of £199.00' in full).
 */
export function RefundStatus({ reservation: r, full = false }: { reservation: Refund; full?: boolean }) {
  if (r.refunded) return <StatusIcon icon="tick" label="Refunded" tone="success" />;
  if (r.amount_refunded <= 0) return <StatusIcon icon="cross" label="Not refunded" tone="danger" />;
  const refunded = formatMoney(r.amount_refunded, r.currency);
  const of = formatMoney(r.amount, r.currency);
  return (
    <span className={styles.partial}>
      <StatusIcon icon="minus" label="Partially refunded" tone="accent" />
      <span>{full ? `Partially refunded: ${refunded} of ${of}` : refunded}</span>
    </span>
  );
}
