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
  if (slug === '/') icon = <StatusIcon icon="home" label={HOMEPAGE_TOOLTIP} tone="accent" />;
  else if (locked) icon = <StatusIcon icon="lock" label={LOCKED_TOOLTIP} />;
  return (
    <span className={styles.name}>
      <span className={styles.text}>{name}</span>
      {icon}
    </span>
  );
}

/** 'Published' or 'Unpublished', as the lists show it. */
export function PublishedState({ published }: { published: 0 | 1 }) {
  return published ? (
    <span className={styles.published}>Published</span>
  ) : (
    <span className={styles.unpublished}>Unpublished</span>
  );
}
