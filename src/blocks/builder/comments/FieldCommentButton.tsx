import { useContext } from 'react';
import { RowAction } from '../RowActions';
import { CommentBlockContext, useCommentsAccess } from './commentsContext';

/**
 * Beside a block field: the comments on that field, with how many threads are open. Nothing where
 * the page has no comments (a page never saved) or the block has no stored id yet.
 */
export function FieldCommentButton({ field, label }: { field: string; label: string }) {
  const comments = useCommentsAccess();
  const blockKey = useContext(CommentBlockContext);
  if (!comments || !blockKey) return null;
  const open = comments.openOnField(blockKey, field);
  return (
    <RowAction
      icon="responses"
      label={open > 0 ? `Comments on ${label} (${open} open)` : `Comments on ${label}`}
      onPress={() => comments.open(blockKey, field)}
    />
  );
}
