import { type ReactNode, Suspense } from 'react';
import { useViewing } from '@/machines/session';
import { formatViewAs } from '@/shared/viewAs';
import { cx } from '@/ui/cx';
import { SkeletonLines } from '@/ui/SkeletonLines';
import styles from './Shell.module.css';
import { TopBar } from './TopBar';
import { ViewAsBanner } from './ViewAsBanner';

const CONTENT_ID = 'content';

export interface ShellProps {
  /** The layout's name, on the shell for styles and tests ('default', 'builder'). */
  layout: string;
  /** The slimmer top bar, for screens that want the height for their work. */
  slimTopBar?: boolean;
  /** Beside the content, before it: the sidebar. */
  aside?: ReactNode;
  /** Lays the body out: the columns of the aside and the content. */
  bodyClassName?: string;
  /** The content's padding. */
  innerClassName?: string;
  children: ReactNode;
}

/**
 * What every signed-in layout has: the skip link, the top bar with the user's menu, and the content
 * area. The content area is the page's one scroll container: tables grow in it rather than
 * scrolling in a box of their own.
 */
export function Shell({ layout, slimTopBar, aside, bodyClassName, innerClassName, children }: ShellProps) {
  // A screen loaded in one view starts again in another: what it read belongs to the view it read in.
  const viewing = useViewing();
  const viewKey = viewing ? formatViewAs(viewing.as) : 'own';
  return (
    <div className={styles.shell} data-layout={layout}>
      {/* The first stop for Tab: past the top bar (and the sidebar), straight to the screen. */}
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
      {/* One row of the shell's grid: the banner of a view (as another role) above the top bar. */}
      <div>
        <ViewAsBanner />
        <TopBar slim={slimTopBar} />
      </div>
      <div className={cx(styles.body, bodyClassName)}>
        {aside}
        <main className={styles.content} id={CONTENT_ID} tabIndex={-1}>
          {/* The padding lives inside: on the scroll container itself it would leave a gap above the
              sticky table headers for rows to scroll through. */}
          <div key={viewKey} className={cx(styles.inner, innerClassName)}>
            <Suspense fallback={<SkeletonLines lines={6} />}>{children}</Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
