import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import type { Reservation } from '@/api/contract/reservations';
import { api } from '@/api/endpoints';
import { formatDate, formatMoney } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { Loader } from '@/ui/Loader';
import { NotFound } from '@/ui/NotFound';
import { PageHeader } from '@/ui/PageHeader';
import { useLoad } from '@/ui/useLoad';
import { RefundStatus } from './RefundStatus';
import styles from './Reservations.module.css';

/** Only the last four digits are stored; the rest is shown as the card's masked groups. */
export const maskedCard = (last4: string | null) => (last4 ? `**** **** **** ${last4}` : 'N/A');

function Section({ title, pairs }: { title: string; pairs: [label: string, value: ReactNode][] }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      <dl className={styles.pairs}>
        {pairs.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Spec §2 Reservations detail: contact, status, sale and card details. */
export default function ReservationShowScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => (await api.reservations.show({ params: { id: Number(id) } })).data, id);

  if (loaded.status === 'loading') return <Loader block size="lg" label="Loading the reservation" />;
  if (loaded.status === 'failed') {
    return (
      <NotFound
        message="The reservation you are trying to view doesn't exist."
        action={{ label: 'View all reservations', href: pathTo('reservations.index') }}
      />
    );
  }
  const r: Reservation = loaded.data;
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
        <Section
          title="Status"
          pairs={[
            ['Refunded', <RefundStatus key="refunded" reservation={r} full />],
            ['Refunded at', r.refunded_at ? formatDate(r.refunded_at) : 'N/A'],
          ]}
        />
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
