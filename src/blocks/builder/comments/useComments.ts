import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Comment } from '@/api/contract/comments';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { toast } from '@/ui/toasts';

export interface CommentsState {
  comments: readonly Comment[];
  loaded: boolean;
  /** Open threads per block id (on the block or one of its fields). */
  openByBlock: ReadonlyMap<string, number>;
  /** Open threads per field, keyed `blockId section.field`. */
  openByField: ReadonlyMap<string, number>;
  post: (input: {
    block_key?: string | null;
    field?: string | null;
    reply_to?: number | null;
    body: string;
  }) => Promise<boolean>;
  setResolved: (id: number, resolved: boolean) => Promise<void>;
}

/** How `openByField` keys a field of a block. */
export const fieldKey = (blockKey: string, field: string) => `${blockKey} ${field}`;

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
  const { openByBlock, openByField } = useMemo(() => {
    const byBlock = new Map<string, number>();
    const byField = new Map<string, number>();
    const count = (counts: Map<string, number>, key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
    for (const comment of comments) {
      if (!comment.block_key || comment.reply_to !== null || comment.resolved_at !== null) continue;
      count(byBlock, comment.block_key);
      if (comment.field) count(byField, fieldKey(comment.block_key, comment.field));
    }
    return { openByBlock: byBlock, openByField: byField };
  }, [comments]);
  return {
    comments,
    loaded,
    openByBlock,
    openByField,
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
