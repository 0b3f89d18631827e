import type { ListShows } from '@/machines/list';
import { EmptyState, SEARCH_BOX } from '../EmptyState';

export interface ListNouns {
  /** 'user', 'reservation' */
  one: string;
  /** 'users', 'reservations' */
  many: string;
}

export interface ListEmptyProps {
  shows: ListShows;
  nouns: ListNouns;
  search: string;
  /** Where 'Get Started' leads when there is nothing yet; without it the empty list offers nothing. */
  startHref?: string;
  onClearSearch: () => void;
  /** The bin's own empty state, leading back to all records (lists with a bin). */
  bin?: { onViewAll: () => void };
  /** What a list with nothing in it says when the spec words it ('There is no templates available.'). */
  emptyTitle?: string;
}

/**
 * The empty states every list shares (spec §4): a search that found nothing, an empty bin, and a
 * list with nothing in it yet. Nothing when there are rows or they are still loading.
 */
export function ListEmpty({
  shows,
  nouns,
  search,
  startHref,
  onClearSearch,
  bin,
  emptyTitle,
}: ListEmptyProps) {
  if (shows === 'noResults') {
    return (
      <EmptyState
        title="Oops! No results..."
        text={`No ${nouns.many} match “${search}”.`}
        action={{ label: 'Clear Search', onPress: onClearSearch, focusAfter: SEARCH_BOX }}
      />
    );
  }
  if (shows !== 'empty') return null;
  if (bin) {
    return (
      <EmptyState
        icon="trash"
        title="Nothing has been placed in the bin!"
        // The All tab (the first), now selected.
        action={{ label: `View all ${nouns.many}`, onPress: bin.onViewAll, focusAfter: '[role="tab"]' }}
      />
    );
  }
  return (
    <EmptyState
      icon="plus"
      title={emptyTitle ?? "Oops! We've not started yet..."}
      text={emptyTitle ? undefined : `There are no ${nouns.many} yet.`}
      action={startHref ? { label: 'Get Started', href: startHref } : undefined}
    />
  );
}
