import type { User } from '@/api/contract/users';
import { initials } from '@/shared/format';
import { thumbnailOf } from '@/ui/media/recordImages';
import styles from './UserName.module.css';

/** Avatar (or initials) and name, as a row of the users list shows them. */
export function UserName({ user }: { user: User }) {
  return (
    <span className={styles.name}>
      {user.meta.avatar ? (
        <img
          className={styles.avatar}
          src={thumbnailOf(user.meta.avatar) ?? ''}
          alt=""
          width={28}
          height={28}
        />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initials(user.name)}
        </span>
      )}
      <span className={styles.text}>{user.name}</span>
    </span>
  );
}
