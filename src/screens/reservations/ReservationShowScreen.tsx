import { type ReactNode, useRef, useState } from 'react';
import { useParams } from 'wouter';
import type { Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import { useCallAllowed } from '@/machines/session';
import { formatDate, formatMoney } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { Loader } from '@/ui/Loader';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import pairStyles from '@/ui/Pairs.module.css';
import { useLoad } from '@/ui/useLoad';
import { RefundDialog } from './RefundDialog';
import { RefundStatus } from './RefundStatus';
import styles from './Reservations.module.css';
import { REFUNDS_UNAVAILABLE, refundableAmount } from './refundAmount';

export { REFUNDS_UNAVAILABLE };

/** Only the last four digits are stored; the rest is shown as the card's masked groups. */
export const maskedCard = (last4: string | null) => (last4 ? `**** **** **** ${last4}` : 'N/A');

function Section({
  title,
  pairs,
  children,
}: {
  title: string;
  pairs: [label: string, value: ReactNode][];
  children?: ReactNode;
}) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      <dl className={cx(styles.pairs, pairStyles.stackOnPhone)}>
        {pairs.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/**
 * The status of the detail screen, with the Refund button for whoever may refund (issue #25) while
 * something is left to refund and the server can send refunds. After a refund the answer is shown;
 * when nothing is left, the button goes and focus moves to the status, which says what happened.
 */
function RefundSection({ loaded, available }: { loaded: Reservation; available: boolean }) {
  const [answered, setAnswered] = useState<Reservation | null>(null);
  const r = answered?.id === loaded.id ? answered : loaded;
  const mayRefund = useCallAllowed('reservations.refund').allowed;
  const [refunding, setRefunding] = useState(false);
  const status = useRef<HTMLDivElement>(null);
  const canRefund = mayRefund && refundableAmount(r) > 0;

  const refunded = (next: Reservation) => {
    setAnswered(next);
    setRefunding(false);
    // The dialog gives focus back to the button it came from; with nothing left that button is
    // gone, and the status that replaced it takes focus once the dialog has finished closing.
    if (refundableAmount(next) <= 0) {
      requestAnimationFrame(() => requestAnimationFrame(() => status.current?.focus()));
    }
  };

  return (
    <Section
      title="Status"
      pairs={[
        [
          'Refunded',
          <div key="refunded" ref={status} tabIndex={-1} className={styles.status}>
            <RefundStatus reservation={r} full />
          </div>,
        ],
        ['Refunded at', r.refunded_at ? formatDate(r.refunded_at) : 'N/A'],
      ]}
    >
      {canRefund && !available ? <p className={styles.statusActions}>{REFUNDS_UNAVAILABLE}</p> : null}
      {canRefund && available ? (
        <div className={styles.statusActions}>
          <Button variant="danger" onPress={() => setRefunding(true)}>
            Refund
          </Button>
        </div>
      ) : null}
      {refunding ? (
        <RefundDialog reservation={r} isOpen onClose={() => setRefunding(false)} onRefunded={refunded} />
      ) : null}
    </Section>
  );
}

/** Spec §2 Reservations detail: contact, status, sale and card details. */
export default function ReservationShowScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => await api.reservations.show({ params: { id: Number(id) } }), id);

  if (loaded.status === 'loading') return <Loader block size="lg" label="Loading the reservation" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The reservation you are trying to view doesn't exist."
        action={{ label: 'View all reservations', href: pathTo('reservations.index') }}
      />
    );
  }
  const r: Reservation = loaded.data.data;
  return (
    <>
      <PageHeader title="Reservations" subtitle={`Reservation of ${r.registration} by ${r.name}`} />
      <div className={styles.sections}>
        <Section
          title="Contact information"
          pairs={[
            ['Name', r.name],
            ['Email', r.email],
            ['Phone', r.phone ?? 'N/A'],
            ['Postal code', r.postal_code ?? 'N/A'],
          ]}
        />
        <RefundSection loaded={r} available={loaded.data.refunds_available} />
        <Section
          title="Sale details"
          pairs={[
            ['Amount', formatMoney(r.amount, r.currency)],
            ['Vehicle registration', r.registration],
          ]}
        />
        <Section
          title="Card details"
          pairs={[
            ['Brand', r.brand ?? 'N/A'],
            ['Expiry year', r.exp_year === null ? 'N/A' : String(r.exp_year)],
            ['Last 4 digits', maskedCard(r.last4)],
            ['Charge ID', r.charge_id],
          ]}
        />
      </div>
    </>
  );
}
