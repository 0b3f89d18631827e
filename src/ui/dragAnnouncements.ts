import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';
import { useRef } from 'react';
import { announce } from './announce';

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

/**
 * The same announcements said through the app's live region (`announce()`) instead of dnd-kit's
 * own: dnd-kit keeps its last words ('Kia dropped at position 2 of 14.') in the page for as long as
 * the list is shown, where the app's region lets them go after a while.
 */
export function throughAnnouncer(announcements: Announcements): Announcements {
  const said =
    <E>(message: (event: E) => string | undefined) =>
    (event: E): undefined => {
      const text = message(event);
      if (text) announce(text);
      return undefined;
    };
  return {
    onDragStart: said(announcements.onDragStart),
    onDragMove: announcements.onDragMove ? said(announcements.onDragMove) : undefined,
    onDragOver: said(announcements.onDragOver),
    onDragEnd: said(announcements.onDragEnd),
    onDragCancel: said(announcements.onDragCancel),
  };
}
