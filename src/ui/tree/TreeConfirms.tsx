import type { SnapshotFrom } from 'xstate';
import type { PageTreeActor, pageTreeMachine } from '@/machines/pageTree';
import { Confirm } from '../Confirm';

export const TOGGLE_PUBLISHED_QUESTION = 'Do you really want to toggle published?';
export const DELETE_QUESTION = 'Do you really want to delete?';
/** A deleted page can be brought back only from the toast's Undo; its revisions go with it. */
export const DELETE_NOTE = 'You can undo this for a few seconds; after that it is gone, with its history.';
/** A list without Undo (forms): the delete is final at once. */
export const DELETE_FOR_GOOD_NOTE = 'This cannot be undone: it goes at once, with its history.';

/** The two confirms of the tree lists (spec §8): toggling published and deleting. */
export function TreeConfirms({
  actor,
  snapshot,
  undoable,
}: {
  actor: PageTreeActor;
  snapshot: SnapshotFrom<typeof pageTreeMachine>;
  /** Whether the toast after a delete offers Undo (the list has a restore call). */
  undoable: boolean;
}) {
  const accept = () => actor.send({ type: 'confirm.accept' });
  const cancel = () => actor.send({ type: 'confirm.cancel' });
  const publishing = snapshot.matches({ ready: 'publishing' });
  const deleting = snapshot.matches({ ready: 'deleting' });
  return (
    <>
      <Confirm
        isOpen={snapshot.matches({ ready: 'confirmingPublish' }) || publishing}
        isPending={publishing}
        message={TOGGLE_PUBLISHED_QUESTION}
        question={null}
        tone="primary"
        onConfirm={accept}
        onCancel={cancel}
      />
      <Confirm
        isOpen={snapshot.matches({ ready: 'confirmingDelete' }) || deleting}
        isPending={deleting}
        message={DELETE_QUESTION}
        note={undoable ? DELETE_NOTE : DELETE_FOR_GOOD_NOTE}
        question={null}
        onConfirm={accept}
        onCancel={cancel}
      />
    </>
  );
}
