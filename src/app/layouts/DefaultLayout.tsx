import { type ReactNode, Suspense } from 'react';
import { SkeletonLines } from '@/ui/SkeletonLines';
import styles from './DefaultLayout.module.css';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** Top bar, sidebar and content area (layout 'default'). */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell} data-layout="default">
      <TopBar />
      <div className={styles.body}>
        <Sidebar />
        <main className={styles.content} id="content">
          <Suspense fallback={<SkeletonLines lines={6} />}>{children}</Suspense>
        </main>
      </div>
    </div>
  );
}
