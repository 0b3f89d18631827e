import { Link } from 'wouter';
import type { ScheduledChange } from '@/api/contract/pages';
import { SCHEDULE_DAYS } from '@/api/contract/scheduleDays';
import { api } from '@/api/endpoints';
import { formatDateTime } from '@/shared/format';
import { pathTo } from '@/shared/paths';
import { Button } from '@/ui/Button';
import { SkeletonLines } from '@/ui/SkeletonLines';
import { useLoad } from '@/ui/useLoad';
import styles from './Dashboard.module.css';

export const NOTHING_SCHEDULED = `Nothing is scheduled for the next ${SCHEDULE_DAYS} days.`;

/** Where a scheduled page or form is edited. */
export const builderHref = (entry: Pick<ScheduledChange, 'id' | 'kind'>) =>
  pathTo(entry.kind === 'form' ? 'forms.edit' : 'pages.edit', { id: entry.id });

/** 'goes live' or 'comes down', for one entry. */
const changeText = (change: ScheduledChange['change']) => (change === 'publish' ? 'goes live' : 'comes down');

/** The entries of the schedule, soonest first, each linked to its builder. */
export function ScheduleList({ entries }: { entries: readonly ScheduledChange[] }) {
  if (entries.length === 0) return <p className={styles.scheduleEmpty}>{NOTHING_SCHEDULED}</p>;
  return (
    <ul className={styles.scheduleList}>
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.id}-${entry.change}`} className={styles.scheduleEntry}>
          <time dateTime={entry.at} className={styles.scheduleTime}>
            {formatDateTime(entry.at)}
          </time>
          <span>
            {entry.kind === 'form' ? 'Form ' : 'Page '}
            <Link href={builderHref(entry)}>{entry.name}</Link> {changeText(entry.change)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What goes live or comes down on the website in the next days (pages and forms). */
export function ScheduleCard() {
  const schedule = useLoad(async () => (await api.pages.schedule({})).data, 'schedule');
  return (
    <section className={styles.schedule} aria-labelledby="dashboard-schedule">
      <h2 id="dashboard-schedule" className={styles.metricTitle}>
        Coming up on the website
      </h2>
      {schedule.status === 'loading' ? (
        // As tall as the card with nothing scheduled, the usual answer: the ranges below stay put.
        <SkeletonLines lines={1} heading={false} label="Loading the schedule" />
      ) : schedule.status === 'failed' ? (
        <div className={styles.scheduleEmpty} role="alert">
          <p>The schedule could not be loaded.</p>
          <Button size="sm" variant="secondary" onPress={schedule.reload}>
            Try again
          </Button>
        </div>
      ) : (
        <ScheduleList entries={schedule.data} />
      )}
    </section>
  );
}
