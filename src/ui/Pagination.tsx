import { useLayoutEffect, useRef } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { focusIsLost } from './focus/whenFocusIsLost';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** The paginator's prev_page_url / next_page_url: the buttons are enabled by their presence. */
  prevUrl: string | null | undefined;
  nextUrl: string | null | undefined;
  currentPage: number;
  lastPage: number;
  total: number;
  onPrevious: () => void;
  onNext: () => void;
  /** The total's wording; defaults to '<n> results'. */
  totalText?: (total: number) => string;
  className?: string;
}

const defaultTotalText = (total: number) => `${total} ${total === 1 ? 'result' : 'results'}`;

/** Previous / Next, 'Page x of y' and the total, under a list. */
export function Pagination({
  prevUrl,
  nextUrl,
  currentPage,
  lastPage,
  total,
  onPrevious,
  onNext,
  totalText = defaultTotalText,
  className,
}: PaginationProps) {
  const pages = Math.max(1, lastPage);
  const buttons = useRef<HTMLDivElement>(null);
  // The button last focused (0 Previous, 1 Next), kept while focus is lost to the page.
  const lastFocused = useRef<number | null>(null);
  const hasPrevious = Boolean(prevUrl);
  const hasNext = Boolean(nextUrl);
  // Next on the last page (or Previous on the first) becomes disabled under the keyboard, which
  // would drop focus to the page: it goes to the other button instead, still enabled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the buttons' enabled states say when to look again; the buttons are read from the page.
  useLayoutEffect(() => {
    const [previous, next] = buttons.current?.querySelectorAll('button') ?? [];
    const focused = lastFocused.current;
    if (!previous || !next || focused === null) return;
    const [left, other] = focused === 0 ? [previous, next] : [next, previous];
    const stranded = document.activeElement === left || focusIsLost();
    if (left.disabled && !other.disabled && stranded) other.focus();
  }, [hasPrevious, hasNext]);
  return (
    <nav aria-label="Pagination" className={cx(styles.pagination, className)}>
      <p className={styles.summary}>
        <span>
          Page {Math.min(Math.max(1, currentPage), pages)} of {pages}
        </span>
        <span>{totalText(total)}</span>
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only notes which of its buttons has focus. */}
      <div
        ref={buttons}
        className={styles.buttons}
        onFocus={(event) => {
          lastFocused.current = event.target === event.currentTarget.lastElementChild ? 1 : 0;
        }}
        onBlur={(event) => {
          // Focus moved on to somewhere else: nothing to bring back.
          if (event.relatedTarget) lastFocused.current = null;
        }}
      >
        <Button size="sm" icon="chevron-left" isDisabled={!hasPrevious} onPress={onPrevious}>
          Previous
        </Button>
        <Button size="sm" iconEnd="chevron-right" isDisabled={!hasNext} onPress={onNext}>
          Next
        </Button>
      </div>
    </nav>
  );
}
