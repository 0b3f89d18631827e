import type { ReactNode } from 'react';
import styles from './DefaultLayout.module.css';
import { Shell } from './Shell';
import { Sidebar } from './Sidebar';

/** Top bar, sidebar and content area (layout 'default'). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <Shell layout="default" aside={<Sidebar />} bodyClassName={styles.body}>
      {children}
    </Shell>
  );
}
