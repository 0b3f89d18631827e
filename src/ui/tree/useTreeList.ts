import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { describeFailure } from '@/machines/errors';
import { currentInspect } from '@/machines/inspect';
import {
  type DuplicateInput,
  type MoveInput,
  type Placement,
  pageTreeMachine,
  shownRows,
  type TreeList,
  type TreeLoadInput,
  type TreeRow,
} from '@/machines/pageTree';
import { toast } from '../toasts';

/** How long Undo is offered after a delete: as long as the server keeps the page restorable. */
export const UNDO_MS = 10_000;

const notOffered = (what: string) => async () => {
  throw new Error(`${what} is not offered on this list`);
};

export interface TreeListCalls<T extends TreeRow> {
  /** A list that comes whole answers every page with all its rows (see `wholeList`). */
  load: (input: TreeLoadInput) => Promise<TreeList<T>>;
  remove: (id: number) => Promise<{ message: string }>;
  publish?: (id: number) => Promise<unknown>;
  restore?: (id: number) => Promise<unknown>;
  move?: (input: MoveInput) => Promise<unknown>;
  duplicate?: (input: DuplicateInput) => Promise<{ id: number }>;
  sort?: (placements: Placement[]) => Promise<unknown>;
  /** Where a duplicate's editor is. */
  editorHref?: (id: number) => string;
}

/** The answer of a list that loads whole: every row, whatever page is asked for. */
export function wholeList<T extends TreeRow>(rows: T[], sortable: boolean): TreeList<T> {
  return { rows, total: rows.length, sortable };
}

/**
 * Runs the page tree machine for a list screen: the calls are the screen's, the toasts and the
 * editor navigation the same for every tree list.
 */
export function useTreeList<T extends TreeRow>(calls: TreeListCalls<T>, key: string) {
  const [, navigate] = useLocation();
  // Whether the list is still on screen (a stopped actor keeps its last snapshot and drops events).
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const actor = useActorRef(
    pageTreeMachine.provide({
      actors: {
        // The machine keeps rows as TreeRows; the screen reads them back as its own type.
        load: fromPromise<TreeList, TreeLoadInput>(({ input }) => calls.load(input)),
        remove: fromPromise(({ input }) => calls.remove(input.id)),
        publish: fromPromise(({ input }) => (calls.publish ?? notOffered('Publishing'))(input.id)),
        restore: fromPromise(({ input }) => (calls.restore ?? notOffered('Undo'))(input.id)),
        move: fromPromise(({ input }) => (calls.move ?? notOffered('Moving'))(input)),
        duplicate: fromPromise(({ input }) =>
          (calls.duplicate ?? (notOffered('Duplicating') as () => Promise<{ id: number }>))(input),
        ),
        sort: fromPromise(({ input }) => (calls.sort ?? notOffered('Reordering'))(input.placements)),
      },
      actions: {
        announceDeleted: ({ self }, params) => {
          toast.success(
            params.message,
            calls.restore
              ? {
                  durationMs: UNDO_MS,
                  action: {
                    label: 'Undo',
                    onPress: () => {
                      // The toasts outlive the screen: once it has closed, or while it is busy with
                      // something else, the page is put back without it.
                      const undo = { type: 'delete.undo' as const, id: params.id };
                      const list = self.getSnapshot();
                      if (shown.current && list.can(undo)) {
                        self.send(undo);
                      } else {
                        calls.restore?.(params.id).catch((error: unknown) => {
                          toast.error(describeFailure(error).message);
                        });
                      }
                    },
                  },
                }
              : undefined,
          );
        },
        announceDone: (_, params) => {
          toast.success(params.message);
        },
        announceError: (_, params) => {
          toast.error(describeFailure(params.error).message);
        },
        openEditor: (_, params) => {
          if (calls.editorHref) navigate(calls.editorHref(params.id));
        },
      },
    }),
    { inspect: currentInspect(), systemId: key },
  );
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot, rows: shownRows<T>(snapshot), undoable: calls.restore !== undefined };
}
