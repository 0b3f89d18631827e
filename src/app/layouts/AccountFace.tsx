import { initials } from '@/shared/format';
import styles from './TopBar.module.css';

/** The account menu's face: the user's initials and name (the menu's trigger and its stand-in). */
export function AccountFace({ name }: { name: string }) {
  return (
    <>
      <span className={styles.initials} aria-hidden="true">
        {initials(name)}
      </span>
      <span className={styles.name}>{name}</span>
    </>
  );
}
