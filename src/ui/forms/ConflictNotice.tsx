import { Button } from '../Button';
import styles from './ConflictNotice.module.css';

/** A save refused with 409: someone else changed the record. Nothing is overwritten. */
export function ConflictNotice({ message, onReload }: { message: string; onReload?: () => void }) {
  return (
    <div role="alert" className={styles.notice}>
      <p className={styles.text}>{message}</p>
      {onReload ? (
        <Button size="sm" onPress={onReload}>
          Load their changes
        </Button>
      ) : null}
    </div>
  );
}
