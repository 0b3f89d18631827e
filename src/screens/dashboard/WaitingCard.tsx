import { Link } from 'wouter';
import type { StageMedian, WaitingPage } from '@/api/contract/workflows';
import { api } from '@/api/endpoints';
import { formatDateTime, formatDuration } from '@/shared/format';
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

export const NO_STAGE_TIMES = 'No page has left a review stage yet.';

/** The median time each stage takes, from the pages that left it. */
export function StageMedians({ entries }: { entries: readonly StageMedian[] }) {
  if (entries.length === 0) return <p className={styles.scheduleEmpty}>{NO_STAGE_TIMES}</p>;
  return (
    <ul className={styles.scheduleList} aria-label="Time each stage takes">
      {entries.map((entry) => (
        <li key={`${entry.workflow_name}\u0000${entry.stage}`} className={styles.scheduleEntry}>
          <span className={styles.scheduleTime}>{formatDuration(entry.median_seconds)}</span>
          <span>
            {entry.stage} ({entry.workflow_name}), the median of {entry.count}{' '}
            {entry.count === 1 ? 'review' : 'reviews'}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Pages waiting for a review (issue #28), for a role that may view pages. */
export function WaitingCard() {
  const waiting = useLoad(() => api.pages.waiting({ query: {} }), 'waiting');
  return (
    <section className={styles.schedule} aria-labelledby="dashboard-waiting">
      <h2 id="dashboard-waiting" className={styles.metricTitle}>
        Waiting for a review
      </h2>
      {waiting.status === 'loading' ? (
        // Laid out as the card with nothing waiting, the usual answer: the ranges below stay put.
        <>
          <SkeletonLines lines={1} heading={false} label="Loading the pages waiting" />
          <h3 className={styles.metricTitle}>Time each stage takes</h3>
          <SkeletonLines lines={1} heading={false} label="Loading the time each stage takes" />
        </>
      ) : waiting.status === 'failed' ? (
        <div className={styles.scheduleEmpty} role="alert">
          <p>The pages waiting could not be loaded.</p>
          <Button size="sm" variant="secondary" onPress={waiting.reload}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <WaitingList entries={waiting.data.data} />
          <h3 className={styles.metricTitle}>Time each stage takes</h3>
          <StageMedians entries={waiting.data.stage_medians} />
        </>
      )}
    </section>
  );
}
