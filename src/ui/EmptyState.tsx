import { type ReactNode, useRef } from 'react';
import { Button } from './Button';
import { ButtonLink } from './ButtonLink';
import { cx } from './cx';
import styles from './EmptyState.module.css';
import { Icon, type IconName } from './Icon';

export type EmptyStateAction =
  | { label: string; href: string }
  | {
      label: string;
      onPress: () => void;
      /**
       * Where focus goes once pressed (a selector within the page's main region): the action takes
       * this empty state away, and focus with it ('Clear Search' to the search box).
       */
      focusAfter?: string;
    };

/** The list's search box: where focus goes after 'Clear Search'. */
export const SEARCH_BOX = 'input[type="search"]';

export interface EmptyStateProps {
  /** 'Oops! No results...', 'Nothing has been placed in the bin!'. */
  title: string;
  text?: ReactNode;
  icon?: IconName;
  /** 'Clear Search' (onPress), 'View all users' or 'Get Started' (href). */
  action?: EmptyStateAction;
  /** Heading level, so the page outline stays right (2 under a page title). */
  level?: 2 | 3;
  className?: string;
}

/** What a list shows when there is nothing to list, with the way forward. */
export function EmptyState({ title, text, icon = 'search', action, level = 2, className }: EmptyStateProps) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const root = useRef<HTMLDivElement>(null);
  let button: ReactNode = null;
  if (action && 'href' in action) {
    button = (
      <ButtonLink href={action.href} variant="primary">
        {action.label}
      </ButtonLink>
    );
  } else if (action) {
    button = (
      <Button
        variant="primary"
        onPress={() => {
          const region = root.current?.closest('main') ?? document;
          action.onPress();
          if (action.focusAfter) region.querySelector<HTMLElement>(action.focusAfter)?.focus();
        }}
      >
        {action.label}
      </Button>
    );
  }
  return (
    <div className={cx(styles.empty, className)} ref={root}>
      <span className={styles.icon}>
        <Icon name={icon} size="lg" />
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      {button ? <div className={styles.action}>{button}</div> : null}
    </div>
  );
}
