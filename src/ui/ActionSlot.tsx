import styles from './IconButton.module.css';

/**
 * The room of a row action this row does not have (a locked page cannot be moved), so the
 * actions that follow stand at the same place in every row.
 */
export function ActionSlot() {
  return <span className={styles.slot} aria-hidden="true" />;
}
