import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { useRef } from 'react';

/**
 * What a screen reader hears while a row is dragged (by keyboard or pointer): the row's name and
 * its place ('Offers moved to position 3 of 12.'), never dnd-kit's internal ids. `ids` are the
 * sortable ids in their order; `offset` counts rows before them that are not drawn (a long list
 * draws only the rows in view); `total` is the length of the whole list.
 */
export function useDragAnnouncements(
  ids: readonly UniqueIdentifier[],
  nameOf: (id: UniqueIdentifier) => string,
  { offset = 0, total = ids.length }: { offset?: number; total?: number } = {},
): Announcements {
  const position = (id: UniqueIdentifier | undefined) =>
    `position ${offset + ids.indexOf(id ?? '') + 1} of ${total}`;
  // A drag starts over its own row: that is not a move, so it does not drown out 'Picked up'.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  return {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${nameOf(active.id)}, at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? `${nameOf(active.id)} moved to ${position(over.id)}.`
        : `${nameOf(active.id)} is not over a row.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at ${position(over.id)}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. ${nameOf(active.id)} is back at ${position(active.id)}.`,
  };
}
