import { type ReactNode, Suspense } from 'react';
import { SkeletonLines } from '@/ui/SkeletonLines';
import styles from './DefaultLayout.module.css';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const CONTENT_ID = 'content';

/**
 * Top bar, sidebar and content area (layout 'default'). The content area is the page's one scroll
 * container: tables grow in it rather than scrolling in a box of their own.
 */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell} data-layout="default">
      {/* The first stop for Tab: past the top bar and the sidebar, straight to the screen. */}
      <a
        className={styles.skipLink}
        href={`#${CONTENT_ID}`}
        onClick={(event) => {
          // Focus itself, not only the scroll position: the next Tab then starts inside the content.
          event.preventDefault();
          document.getElementById(CONTENT_ID)?.focus();
        }}
      >
        Skip to content
      </a>
      <TopBar />
      <div className={styles.body}>
        <Sidebar />
        <main className={styles.content} id={CONTENT_ID} tabIndex={-1}>
          {/* The padding lives inside: on the scroll container itself it would leave a gap above the
              sticky table headers for rows to scroll through. */}
          <div className={styles.inner}>
            <Suspense fallback={<SkeletonLines lines={6} />}>{children}</Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
