import { type ReactNode, type Ref, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { cx } from './cx';
import styles from './TableRegion.module.css';

export interface TableRegionProps {
  /** Names the region when it scrolls ('Users'), as the table inside it is named. */
  label: string;
  children: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The box around a data table. While the table fits, it is a plain box that does not scroll (the
 * page's content area does, and a sticky header sticks to it). When the table is wider than the
 * box (a phone at 320 px), the box scrolls sideways on its own, so the rest of the page reflows
 * (WCAG 1.4.10). Whenever it scrolls (sideways, or down in a box of limited height), it is a
 * labelled region that takes focus, so the keyboard can scroll it too (WCAG 2.1.1).
 */
export function TableRegion({ label, children, className, ref }: TableRegionProps) {
  const box = useRef<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);

  const setBox = useCallback(
    (element: HTMLDivElement | null) => {
      box.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      // The content's own width, whether or not the box scrolls yet.
      const content = Array.from(element.children).reduce(
        (widest, child) => Math.max(widest, child.getBoundingClientRect().width),
        0,
      );
      setScrolls(content > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={setBox}
      className={cx(className, scrolls && styles.scrolls)}
      {...(scrolls ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
