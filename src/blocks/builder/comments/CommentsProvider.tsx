import { type ReactNode, useMemo, useState } from 'react';
import { Button } from '@/ui/Button';
import type { BuilderActor } from '../useBuilderActor';
import { CommentsPanel, type CommentTarget, THE_PAGE } from './CommentsPanel';
import { CommentsContext, useCommentsAccess } from './commentsContext';
import { fieldKey, useComments } from './useComments';

/** A stored page's comments for the builder inside: its rows, its preview and the Comments button. */
export function CommentsProvider({
  record,
  actor,
  children,
}: {
  record: string;
  actor: BuilderActor;
  children: ReactNode;
}) {
  const comments = useComments(record);
  const [isOpen, setOpen] = useState(false);
  const [about, setAbout] = useState<CommentTarget>(THE_PAGE);
  const { openByBlock, openByField } = comments;
  const openCount = comments.comments.filter((c) => c.reply_to === null && c.resolved_at === null).length;
  const access = useMemo(
    () => ({
      openOn: (blockKey: string | undefined) => (blockKey ? (openByBlock.get(blockKey) ?? 0) : 0),
      openOnField: (blockKey: string, field: string) => openByField.get(fieldKey(blockKey, field)) ?? 0,
      open: (blockKey?: string, field?: string) => {
        setAbout({ block: blockKey ?? null, field: blockKey ? (field ?? null) : null });
        setOpen(true);
      },
      total: openCount,
    }),
    [openByBlock, openByField, openCount],
  );
  return (
    <CommentsContext.Provider value={access}>
      {children}
      <CommentsPanel
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        actor={actor}
        comments={comments}
        about={about}
        onAbout={setAbout}
      />
    </CommentsContext.Provider>
  );
}

/** The builder header's way into the page's comments, with how many are open. */
export function CommentsButton() {
  const access = useCommentsAccess();
  if (!access) return null;
  return (
    <Button variant="secondary" onPress={() => access.open()}>
      {access.total > 0 ? `Comments (${access.total} open)` : 'Comments'}
    </Button>
  );
}
