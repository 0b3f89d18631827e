import { createContext, useContext } from 'react';

/** What the builder's rows and preview know of a page's comments: open ones per block, and how to open a thread. */
export interface CommentsAccess {
  /** Open comments on the block with this id (its own and its fields'). */
  openOn: (blockKey: string | undefined) => number;
  /** Opens the comments beside the block (or the page, without one). */
  open: (blockKey?: string) => void;
  /** Open comments on the page as a whole, its blocks and fields. */
  total: number;
}

export const CommentsContext = createContext<CommentsAccess | null>(null);

/** The page's comments, where the builder has them (a stored page); null elsewhere. */
export function useCommentsAccess(): CommentsAccess | null {
  return useContext(CommentsContext);
}
