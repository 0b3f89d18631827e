import { useState } from 'react';
import type { WebhookDelivery } from '@/api/contract/webhooks';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { Button } from '@/ui/Button';
import { DataTable, type DataTableColumn } from '@/ui/DataTable';
import { Modal } from '@/ui/Modal';
import { Pagination } from '@/ui/Pagination';
import { toast } from '@/ui/toasts';
import { useLoad } from '@/ui/useLoad';
import styles from './Webhooks.module.css';

const columns: DataTableColumn[] = [
  { id: 'type', label: 'Event' },
  { id: 'status', label: 'Status', width: 160 },
  { id: 'duration', label: 'Time', width: 90, align: 'end' },
  { id: 'attempts', label: 'Attempts', width: 100, align: 'end' },
  { id: 'at', label: 'When', width: 200 },
];

const when = (at: string | null) => (at ? new Date(at).toLocaleString('en-GB') : '—');

/** A delivery's state in words: 'Delivered (200)', 'Retrying (503)', 'Failed', 'Waiting'. */
export function deliveryStatusText(
  d: Pick<WebhookDelivery, 'status' | 'response_status' | 'attempts'>,
): string {
  const code = d.response_status === null ? '' : ` (${d.response_status})`;
  if (d.status === 'delivered') return `Delivered${code}`;
  if (d.status === 'failed') return `Failed${code}`;
  return d.attempts > 0 ? `Retrying${code}` : 'Waiting';
}

function renderCell(d: WebhookDelivery, columnId: string) {
  switch (columnId) {
    case 'type':
      return d.replay_of ? `${d.type} (replay)` : d.type;
    case 'status':
      return deliveryStatusText(d);
    case 'duration':
      return d.duration_ms === null ? '—' : `${d.duration_ms} ms`;
    case 'attempts':
      return d.attempts;
    case 'at':
      return when(d.attempted_at ?? d.created_at);
    default:
      return null;
  }
}

/**
 * An endpoint's delivery log (30 days), newest first: each delivery's status, time and attempts,
 * its request and answer in a dialog, and Replay. `round` changes when a test event is sent.
 */
export function DeliveryLog({
  webhookId,
  round,
  canReplay,
}: {
  webhookId: number;
  round: number;
  canReplay: boolean;
}) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<WebhookDelivery | null>(null);
  const [replaying, setReplaying] = useState<number | null>(null);
  const log = useLoad(
    async () => (await api.webhooks.deliveries({ query: { id: webhookId, page } })).deliveries,
    `${webhookId}:${page}:${round}`,
  );
  const replay = async (delivery: WebhookDelivery) => {
    setReplaying(delivery.id);
    try {
      const answer = await api.webhooks.replay({ body: { delivery_id: delivery.id } });
      toast.success(answer.message);
      setPage(1);
      log.reload();
    } catch (error) {
      toast.error(describeFailure(error).message);
    } finally {
      setReplaying(null);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="webhook-deliveries">
      <div className={styles.sectionHeader}>
        <h2 id="webhook-deliveries">Deliveries</h2>
        <Button variant="secondary" size="sm" icon="restore" onPress={log.reload}>
          Refresh
        </Button>
      </div>
      {log.status === 'failed' ? (
        <p role="alert">
          {describeFailure(log.error).message}{' '}
          <Button variant="secondary" size="sm" onPress={log.reload}>
            Try again
          </Button>
        </p>
      ) : (
        <>
          <DataTable<WebhookDelivery>
            label="Deliveries"
            columns={columns}
            rows={log.data?.data ?? []}
            renderCell={renderCell}
            rowLabel={(d) => `${d.type} ${d.message_id}`}
            isLoading={log.status === 'loading' && !log.data}
            empty={<p>Nothing has been sent to this endpoint yet.</p>}
            renderActions={(d) => (
              <div className={styles.actions}>
                <Button variant="ghost" size="sm" icon="eye" onPress={() => setShown(d)}>
                  Details
                </Button>
                {canReplay ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon="redo"
                    isDisabled={replaying !== null}
                    onPress={() => replay(d)}
                  >
                    Replay
                  </Button>
                ) : null}
              </div>
            )}
          />
          {log.data && log.data.last_page > 1 ? (
            <Pagination
              prevUrl={log.data.prev_page_url}
              nextUrl={log.data.next_page_url}
              currentPage={log.data.current_page}
              lastPage={log.data.last_page}
              total={log.data.total}
              totalText={(n) => `${n} deliveries`}
              onPrevious={() => setPage((p) => Math.max(1, p - 1))}
              onNext={() => setPage((p) => p + 1)}
            />
          ) : null}
        </>
      )}
      <Modal isOpen={shown !== null} onClose={() => setShown(null)} title="Delivery" size="lg">
        {shown ? (
          <div className={styles.detail}>
            <dl>
              <dt>Event</dt>
              <dd>{shown.type}</dd>
              <dt>webhook-id</dt>
              <dd>
                <code>{shown.message_id}</code>
              </dd>
              <dt>Status</dt>
              <dd>{deliveryStatusText(shown)}</dd>
              <dt>Attempts</dt>
              <dd>{shown.attempts}</dd>
              <dt>Last attempt</dt>
              <dd>{when(shown.attempted_at)}</dd>
              {shown.next_attempt_at ? (
                <>
                  <dt>Next attempt</dt>
                  <dd>{when(shown.next_attempt_at)}</dd>
                </>
              ) : null}
              {shown.error ? (
                <>
                  <dt>Error</dt>
                  <dd>{shown.error}</dd>
                </>
              ) : null}
            </dl>
            <h3>Request</h3>
            <pre>{shown.request_body ?? 'Not sent yet.'}</pre>
            <h3>Response</h3>
            <pre>{shown.response_body ?? 'No answer.'}</pre>
          </div>
        ) : null}
      </Modal>
    </section>
  );
}
