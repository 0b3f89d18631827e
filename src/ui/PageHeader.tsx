import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './PageHeader.module.css';

export interface PageHeaderProps {
  /** The page's h1 ('Users'). */
  title: ReactNode;
  /** 'Create a new user', 'Updating Jane Doe'. */
  subtitle?: ReactNode;
  /** Buttons on the right (create shortcut, export). */
  actions?: ReactNode;
  className?: string;
}

/** A page's title line: h1, subtitle beside it, actions on the right; wraps on narrow screens. */
export function PageHeader({ title, subtitle, actions, className }: PageHeaderProps) {
  return (
    <header className={cx(styles.header, className)}>
      <div className={styles.titles}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </header>
  );
}
