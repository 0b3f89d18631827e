import { useRef, useState } from 'react';
import type { Enquiry, LeadDelivery } from '@/api/contract/responses';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { useAccess } from '@/machines/session';
import { formatDateTime } from '@/shared/format';
import { Button } from '@/ui/Button';
import { StatusIcon } from '@/ui/StatusIcon';
import { TableRegion } from '@/ui/TableRegion';
import { toast } from '@/ui/toasts';
import styles from './Responses.module.css';

const FORMAT_NAMES: Record<LeadDelivery['format'], string> = { adf: 'ADF/XML', email: 'Plain e-mail' };

function DeliveryStatus({ delivery: d }: { delivery: LeadDelivery }) {
  if (d.status === 'sent') {
    return (
      <span className={styles.delivery}>
        <StatusIcon icon="tick" label="Sent" tone="success" withTooltip={false} />
        <span>Sent {d.sent_at ? formatDateTime(d.sent_at) : ''}</span>
      </span>
    );
  }
  if (d.status === 'failed') {
    return (
      <span className={styles.delivery}>
        <StatusIcon icon="cross" label="Failed" tone="danger" withTooltip={false} />
        <span>
          Failed after {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
          {d.error ? `: ${d.error}` : ''}
        </span>
      </span>
    );
  }
  return (
    <span className={styles.delivery}>
      <StatusIcon icon="calendar" label="Queued" tone="accent" withTooltip={false} />
      <span>
        Queued
        {d.attempts > 0
          ? ` (${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}${d.error ? `: ${d.error}` : ''})`
          : ''}
      </span>
    </span>
  );
}

/** Why an enquiry went to no CRM, following where leads go (server/domain/leads/deliveries.ts). */
function whyNotSent(enquiry: Pick<Enquiry, 'brand_id' | 'dealership_id'>): string {
  if (enquiry.dealership_id !== null) return 'its dealership has no CRM lead address.';
  if (enquiry.brand_id !== null) return 'none of its brand’s dealerships has a CRM lead address.';
  return 'it names no brand or dealership.';
}

interface LeadDeliveriesProps {
  enquiry: Pick<Enquiry, 'id' | 'brand_id' | 'dealership_id'>;
  deliveries: LeadDelivery[];
}

/**
 * Where the enquiry was sent as a lead (its dealership's CRM addresses), when, and what failed,
 * with Resend for the failures: drawn only for a user who may send it again. After a resend, focus
 * moves to the list's heading, as the button it was on is gone.
 */
export function LeadDeliveries({ enquiry, deliveries: initial }: LeadDeliveriesProps) {
  const [deliveries, setDeliveries] = useState(initial);
  const [pending, setPending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const access = useAccess();
  const mayResend = access.can('export', 'responses', enquiry);
  const failed = deliveries.some((d) => d.status === 'failed');

  const resend = async () => {
    setPending(true);
    try {
      const answer = await api.responses.resend({ body: { id: enquiry.id } });
      setDeliveries(answer.deliveries);
      toast.success(answer.message);
      heading.current?.focus();
    } catch (error) {
      toast.error(describeFailure(error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={styles.deliveries} aria-labelledby="lead-deliveries">
      <h2 id="lead-deliveries" ref={heading} tabIndex={-1} className={styles.deliveriesHeading}>
        Sent to CRM
      </h2>
      {deliveries.length === 0 ? (
        <p>This enquiry was not sent to a CRM: {whyNotSent(enquiry)}</p>
      ) : (
        // On a narrow screen the table scrolls sideways in its own region rather than being cut off.
        <TableRegion label="CRM addresses" className={styles.deliveriesTable}>
          <table className={styles.breakdown}>
            <thead>
              <tr>
                <th scope="col">Address</th>
                <th scope="col">Format</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => (
                // One lead per address: a dealership lists each address once.
                <tr key={d.to}>
                  <td>{d.to}</td>
                  <td>{FORMAT_NAMES[d.format]}</td>
                  <td>
                    <DeliveryStatus delivery={d} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {failed && mayResend ? (
        <div>
          <Button size="sm" icon="restore" isPending={pending} onPress={resend}>
            Resend
          </Button>
        </div>
      ) : null}
    </section>
  );
}
