import { useParams } from 'wouter';
import { api } from '@/api/endpoints';
import { formatDate } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { cx } from '@/ui/cx';
import { EmptyState } from '@/ui/EmptyState';
import { Loader } from '@/ui/Loader';
import { PageHeader } from '@/ui/PageHeader';
import pairStyles from '@/ui/Pairs.module.css';
import { useLoad } from '@/ui/useLoad';
import { LeadDeliveries } from './LeadDeliveries';
import styles from './Responses.module.css';

const NONE = 'There is no responses available.';

function resultText(result: unknown): string {
  if (result === null || result === undefined || result === '') return '';
  if (Array.isArray(result)) return result.join(', ');
  if (typeof result === 'boolean') return result ? 'Yes' : 'No';
  return String(result);
}

/** Spec §2 Responses: one enquiry as label and result pairs, and where it was sent as a lead. */
export default function ResponseShowScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const loaded = useLoad(async () => api.responses.show({ query: { id: Number(id) } }), id);

  if (loaded.status === 'loading') return <Loader block size="lg" label="Loading the response" />;
  // In the order the form asked; two questions may share a label, never a field name.
  const pairs = loaded.status === 'ready' ? Object.entries(loaded.data.data.data) : [];
  return (
    <>
      <PageHeader
        title="Responses"
        subtitle={
          loaded.status === 'ready' ? `Sent on ${formatDate(loaded.data.data.date_added)}` : undefined
        }
      />
      {pairs.length === 0 ? (
        <EmptyState
          icon="responses"
          title={NONE}
          action={{ label: 'View all responses', href: pathTo('responses.index') }}
        />
      ) : (
        <>
          <dl className={cx(styles.pairs, pairStyles.stackOnPhone)}>
            {pairs.map(([name, pair]) => (
              <div key={name} style={{ display: 'contents' }}>
                <dt>{pair.label}</dt>
                <dd>{resultText(pair.result) || 'N/A'}</dd>
              </div>
            ))}
          </dl>
          {loaded.status === 'ready' ? (
            <LeadDeliveries enquiry={loaded.data.data} deliveries={loaded.data.deliveries} />
          ) : null}
        </>
      )}
    </>
  );
}
