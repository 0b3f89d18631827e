import { Link } from 'wouter';
import type { WaitingPage } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import { formatDateTime } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { Button } from '@/ui/Button';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { useLoad } from '@/ui/useLoad';
import styles from './Dashboard.module.css';

export const NOTHING_WAITING = 'No page is waiting for a review.';

/** The pages waiting in a stage, overdue first, each linked to its builder. */
export function WaitingList({ entries }: { entries: readonly WaitingPage[] }) {
  if (entries.length === 0) return <p className={styles.scheduleEmpty}>{NOTHING_WAITING}</p>;
  return (
    <ul className={styles.scheduleList}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.scheduleEntry}>
          <time dateTime={entry.since} className={styles.scheduleTime}>
            {formatDateTime(entry.since)}
          </time>
          <span>
            <Link href={pathTo('pages.edit', { id: entry.id })}>{entry.name}</Link> waits in {entry.stage} (
            {entry.workflow_name})
            {entry.due_at ? (
              entry.overdue ? (
                <strong className={styles.overdue}> · overdue since {formatDateTime(entry.due_at)}</strong>
              ) : (
                ` · due ${formatDateTime(entry.due_at)}`
              )
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Pages waiting for a review (issue #28), for a role that may view pages. */
export function WaitingCard() {
  const waiting = useLoad(async () => (await api.pages.waiting({})).data, 'waiting');
  return (
    <section className={styles.schedule} aria-labelledby="dashboard-waiting">
      <h2 id="dashboard-waiting" className={styles.metricTitle}>
        Waiting for a review
      </h2>
      {waiting.status === 'loading' ? (
        <SkeletonLines lines={2} label="Loading the pages waiting" />
      ) : waiting.status === 'failed' ? (
        <div className={styles.scheduleEmpty} role="alert">
          <p>The pages waiting could not be loaded.</p>
          <Button size="sm" variant="secondary" onPress={waiting.reload}>
            Try again
          </Button>
        </div>
      ) : (
        <WaitingList entries={waiting.data} />
      )}
    </section>
  );
}
