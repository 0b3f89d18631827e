import { type ReactNode, useId } from 'react';
import { ButtonLink } from './ButtonLink';
import { cx } from './cx';
import { useMissingTitle } from './documentTitle';
import styles from './NotFound.module.css';

export interface NotFoundProps {
  /** Defaults to 'Oops! Page not found.'; the unknown-route page uses 'Whoops, 404!'. */
  title?: string;
  /** 'The user you are trying to locate clearly doesn't exist...'. */
  message?: ReactNode;
  /** 'View all users' -> '/users'; 'Go Home' -> '/'. */
  action?: { label: string; href: string };
  /** 1 when it is the whole page (the default); 2 under a page title that stays. */
  level?: 1 | 2;
  className?: string;
  /** Ways on other than one `action` (a page the user may not open lists what they may). */
  children?: ReactNode;
}

/** A missing page or record, or one the user may not open, with the way back. */
export function NotFound({
  title = 'Oops! Page not found.',
  message,
  action,
  level = 1,
  className,
  children,
}: NotFoundProps) {
  const titleId = useId();
  // The whole page says what is missing, so its document title does too; under a title that stays, it keeps it.
  useMissingTitle(level === 1 ? title : null);
  const Heading = level === 2 ? 'h2' : 'h1';
  return (
    <section className={cx(styles.notFound, className)} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {message ? <p className={styles.message}>{message}</p> : null}
      {action ? (
        <ButtonLink href={action.href} variant="primary">
          {action.label}
        </ButtonLink>
      ) : null}
      {children}
    </section>
  );
}
