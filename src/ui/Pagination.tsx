import { Button } from './Button';
import { cx } from './cx';
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
  return (
    <nav aria-label="Pagination" className={cx(styles.pagination, className)}>
      <p className={styles.summary}>
        <span>
          Page {Math.min(Math.max(1, currentPage), pages)} of {pages}
        </span>
        <span>{totalText(total)}</span>
      </p>
      <div className={styles.buttons}>
        <Button size="sm" icon="chevron-left" isDisabled={!prevUrl} onPress={onPrevious}>
          Previous
        </Button>
        <Button size="sm" iconEnd="chevron-right" isDisabled={!nextUrl} onPress={onNext}>
          Next
        </Button>
      </div>
    </nav>
  );
}
