import { formatDate, formatDateTime } from '@/shared/format';
import { StatusIcon } from '../StatusIcon';
import styles from './TreeCells.module.css';

export const HOMEPAGE_TOOLTIP = 'This is the homepage of the website.';
export const LOCKED_TOOLTIP = 'This page is locked you cannot make structural changes to this page.';

export interface TreeNameProps {
  name: string;
  /** The page's slug; '/' marks the homepage. Forms have none. */
  slug?: string;
  locked: 0 | 1;
}

/** A page or form name with the homepage icon, or the lock icon when it is locked (spec §2). */
export function TreeName({ name, slug, locked }: TreeNameProps) {
  let icon = null;
  if (slug === '/') icon = <StatusIcon icon="home" label={HOMEPAGE_TOOLTIP} tone="accent" tabStop />;
  else if (locked) icon = <StatusIcon icon="lock" label={LOCKED_TOOLTIP} tabStop />;
  return (
    <span className={styles.name}>
      <span className={styles.text}>{name}</span>
      {icon}
    </span>
  );
}

export interface PublishedStateProps {
  published: 0 | 1;
  /** When it goes (or went) live; a time still to come makes it scheduled. */
  published_at?: string | null;
  /** When it comes down by itself, if set. */
  unpublish_at?: string | null;
  /** What "now" is, for tests; the current time when not given. */
  now?: number;
}

/**
 * 'Published', 'Scheduled for 5 Mar 24, 09:30' (published, its time still to come) or
 * 'Unpublished', as the lists show it; with 'Unpublishes 9 Mar 24' under it when it comes down by itself.
 */
export function PublishedState({
  published,
  published_at,
  unpublish_at,
  now = Date.now(),
}: PublishedStateProps) {
  if (!published) return <span className={styles.unpublished}>Unpublished</span>;
  const at = published_at ? new Date(published_at).getTime() : Number.NaN;
  const scheduled = at > now;
  return (
    <span className={styles.state}>
      {scheduled ? (
        <span className={styles.scheduled}>Scheduled for {formatDateTime(published_at)}</span>
      ) : (
        <span className={styles.published}>Published</span>
      )}
      {unpublish_at ? <span className={styles.until}>Unpublishes {formatDate(unpublish_at)}</span> : null}
    </span>
  );
}
