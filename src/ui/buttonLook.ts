import styles from './Button.module.css';
import { cx } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

/**
 * The classes of a button look, shared with ButtonLink so links styled as buttons match exactly. A
 * module of its own, without react-aria: the page shown when the console stops on an error loads with
 * the entry, and draws its link with it.
 */
export function buttonClassName(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md'): string {
  return cx(styles.button, styles[variant], size === 'sm' && styles.sm);
}
