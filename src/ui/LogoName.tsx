import { initials } from '@/shared/format';
import { cx } from './cx';
import styles from './LogoName.module.css';

interface LogoNameProps {
  name: string;
  /** A stored image path; without one the name's initials stand in its place. */
  logo: string | null | undefined;
  /** The row's own name (the first column) reads a little heavier than a reference to it. */
  emphasised?: boolean;
}

/** A small logo before a name, as a list row shows a brand. */
export function LogoName({ name, logo, emphasised = false }: LogoNameProps) {
  return (
    <span className={cx(styles.name, emphasised && styles.emphasised)}>
      {logo ? (
        <img className={styles.logo} src={logo} alt="" height={18} loading="lazy" />
      ) : (
        <span className={styles.initials} aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <span className={styles.text}>{name}</span>
    </span>
  );
}
