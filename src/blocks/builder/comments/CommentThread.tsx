import { useEffect, useId, useRef, useState } from 'react';
import type { Comment } from '@/api/contract/comments';
import { formatDateTime } from '@/shared/format';
import { Button } from '@/ui/Button';
import styles from './CommentsPanel.module.css';
import type { CommentsState } from './useComments';

function CommentText({ comment, about }: { comment: Comment; about?: string }) {
  return (
    <>
      <p className={styles.meta}>
        <strong>{comment.author.name}</strong>
        {about ? ` on ${about}` : ''}, {formatDateTime(comment.created_at)}
      </p>
      <p className={styles.body}>{comment.body}</p>
      {comment.mentions.length > 0 ? (
        <p className={styles.meta}>Mentions {comment.mentions.map((m) => m.name).join(', ')}</p>
      ) : null}
    </>
  );
}

export interface CommentThreadProps {
  first: Comment;
  replies: readonly Comment[];
  /** What the thread is about, in words. */
  about: string;
  comments: CommentsState;
}

/**
 * One thread: its first comment, the replies under it, and Reply and Resolve (or Reopen). A reply
 * that fails keeps its words in the box; one posted gives focus back to Reply.
 */
export function CommentThread({ first, replies, about, comments }: CommentThreadProps) {
  const [replying, setReplying] = useState(false);
  const [body, setBody] = useState('');
  const [posting, setPosting] = useState(false);
  const thread = useRef<HTMLLIElement>(null);
  const focusReply = () =>
    requestAnimationFrame(() => thread.current?.querySelector<HTMLElement>(`.${styles.reply}`)?.focus());
  const boxId = useId();
  const open = first.resolved_at === null;
  // Reply was pressed to write a reply: the box that opens takes focus.
  useEffect(() => {
    if (replying) document.getElementById(boxId)?.focus();
  }, [replying, boxId]);
  const post = async () => {
    setPosting(true);
    const posted = await comments.post({ reply_to: first.id, body });
    setPosting(false);
    if (!posted) return;
    setBody('');
    setReplying(false);
    focusReply();
  };
  return (
    <li
      ref={thread}
      className={open ? styles.open : styles.resolved}
      aria-label={`Comment by ${first.author.name}`}
    >
      <CommentText comment={first} about={about} />
      {first.resolved_by ? <p className={styles.meta}>Resolved by {first.resolved_by.name}</p> : null}
      {replies.length > 0 ? (
        <ul className={styles.replies} aria-label={`Replies to ${first.author.name}`}>
          {replies.map((reply) => (
            <li key={reply.id} aria-label={`Reply by ${reply.author.name}`}>
              <CommentText comment={reply} />
            </li>
          ))}
        </ul>
      ) : null}
      {replying ? (
        <div className={styles.write}>
          <label htmlFor={boxId}>Reply</label>
          <textarea id={boxId} value={body} rows={2} onChange={(event) => setBody(event.target.value)} />
          <div className={styles.actions}>
            <Button
              variant="primary"
              onPress={() => void post()}
              isPending={posting}
              isDisabled={!body.trim()}
            >
              Post reply
            </Button>
            <Button
              variant="secondary"
              onPress={() => {
                setReplying(false);
                focusReply();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      <div className={styles.actions}>
        {replying ? null : (
          <Button className={styles.reply} variant="secondary" onPress={() => setReplying(true)}>
            Reply
          </Button>
        )}
        <Button variant="secondary" onPress={() => void comments.setResolved(first.id, open)}>
          {open ? 'Resolve' : 'Reopen'}
        </Button>
      </div>
    </li>
  );
}
