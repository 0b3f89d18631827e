import { createContext, useContext } from 'react';

/** What the builder's rows, fields and preview know of a page's comments, and how to open a thread. */
export interface CommentsAccess {
  /** Open threads on the block with this id (its own and its fields'). */
  openOn: (blockKey: string | undefined) => number;
  /** Open threads on one field (`section.field`) of the block with this id. */
  openOnField: (blockKey: string, field: string) => number;
  /** Opens the comments beside the block, or one field of it (the page, without either). */
  open: (blockKey?: string, field?: string) => void;
  /** Open threads on the page as a whole, its blocks and fields. */
  total: number;
}

export const CommentsContext = createContext<CommentsAccess | null>(null);

/** The page's comments, where the builder has them (a stored page); null elsewhere. */
export function useCommentsAccess(): CommentsAccess | null {
  return useContext(CommentsContext);
}

/** The stored id of the block whose editor is open, so its fields can open their comments. */
export const CommentBlockContext = createContext<string | null>(null);
