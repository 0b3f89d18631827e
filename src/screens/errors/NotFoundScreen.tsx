import { pathTo } from '@/shared/paths';
import { ButtonLink } from '@/ui/ButtonLink';
import styles from './NotFoundScreen.module.css';

/** Any unknown path (spec §2). */
export default function NotFoundScreen() {
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Whoops, 404!</h1>
      <p className={styles.text}>There is nothing at this address.</p>
      <ButtonLink href={pathTo('login')} variant="primary">
        Go Home
      </ButtonLink>
    </main>
  );
}
