import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Comment } from '@/api/contract/comments';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { toast } from '@/ui/toasts';

export interface CommentsState {
  comments: readonly Comment[];
  loaded: boolean;
  /** Open comments per block id. */
  openByBlock: ReadonlyMap<string, number>;
  post: (input: { block_key?: string | null; field?: string | null; body: string }) => Promise<boolean>;
  setResolved: (id: number, resolved: boolean) => Promise<void>;
}

/** A page's comments, loaded once and again after each change. */
export function useComments(record: string): CommentsState {
  const [comments, setComments] = useState<readonly Comment[]>([]);
  const [loaded, setLoaded] = useState(false);
  const reload = useCallback(async () => {
    try {
      setComments((await api.comments.list({ query: { record } })).data);
    } catch {
      // The builder works without its comments; the panel says none are loaded.
    } finally {
      setLoaded(true);
    }
  }, [record]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const openByBlock = useMemo(() => {
    const counts = new Map<string, number>();
    for (const comment of comments)
      if (comment.block_key && comment.resolved_at === null)
        counts.set(comment.block_key, (counts.get(comment.block_key) ?? 0) + 1);
    return counts;
  }, [comments]);
  return {
    comments,
    loaded,
    openByBlock,
    post: async (input) => {
      try {
        const answer = await api.comments.create({ body: { record, ...input } });
        toast.success(answer.message);
        await reload();
        return true;
      } catch (error) {
        toast.error(describeFailure(error).message, { placement: 'bottom' });
        return false;
      }
    },
    setResolved: async (id, resolved) => {
      try {
        const answer = resolved
          ? await api.comments.resolve({ body: { id } })
          : await api.comments.reopen({ body: { id } });
        toast.success(answer.message);
        await reload();
      } catch (error) {
        toast.error(describeFailure(error).message, { placement: 'bottom' });
      }
    },
  };
}
