import type { ReactNode } from 'react';
import styles from './AuthLayout.module.css';

/** The sign-in page: one card in the middle of a calm background. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.brand}>Dealership Console</p>
        {children}
      </div>
    </main>
  );
}
