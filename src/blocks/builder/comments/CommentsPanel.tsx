import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { PageItem } from '@/api/contract/blocks';
import type { Comment } from '@/api/contract/comments';
import { formatDateTime } from '@/shared/format';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import type { BuilderActor } from '../useBuilderActor';
import styles from './CommentsPanel.module.css';
import type { CommentsState } from './useComments';

/** The fields of a stored block a comment can be about, as `section.field`. */
function fieldsOf(item: PageItem | undefined): string[] {
  if (!item) return [];
  return Object.entries(item.sections).flatMap(([section, values]) =>
    Object.keys(values.fields).map((name) => `${section}.${name}`),
  );
}

/** What a comment is about, in words: 'The page', 'Hero banner', 'Hero banner, content.title'. */
function aboutOf(comment: Comment, items: readonly PageItem[]): string {
  if (!comment.block_key) return 'The page';
  const at = items.findIndex((item) => item.id === comment.block_key);
  const block = at === -1 ? 'A removed block' : `${items[at]!.name} (block ${at + 1})`;
  return comment.field ? `${block}, ${comment.field}` : block;
}

export interface CommentsPanelProps {
  isOpen: boolean;
  onClose: () => void;
  actor: BuilderActor;
  comments: CommentsState;
  /** The block the panel was opened beside (its id), or none for the page. */
  about: string | null;
  onAbout: (blockKey: string | null) => void;
}

/**
 * The page's comment threads, beside what they are about: the page, a block (followed by its id,
 * wherever it moves) or one field of a block. @Name mentions a user. Open threads can be
 * resolved, resolved ones reopened.
 */
export function CommentsPanel({ isOpen, onClose, actor, comments, about, onAbout }: CommentsPanelProps) {
  const items = useSelector(actor, (s) => s.context.items);
  const [field, setField] = useState('');
  const [body, setBody] = useState('');
  const [posting, setPosting] = useState(false);
  const ids = { about: useId(), field: useId(), body: useId() };
  const block = about ? items.find((item) => item.id === about) : undefined;
  const shown = about ? comments.comments.filter((c) => c.block_key === about) : comments.comments;
  const post = async () => {
    setPosting(true);
    const posted = await comments.post({ block_key: about, field: about && field ? field : null, body });
    setPosting(false);
    if (posted) setBody('');
  };
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Comments" size="lg">
      <div className={styles.choose}>
        <label htmlFor={ids.about}>About</label>
        <select
          id={ids.about}
          value={about ?? ''}
          onChange={(event) => {
            setField('');
            onAbout(event.target.value || null);
          }}
        >
          <option value="">The page</option>
          {items.map((item, at) =>
            item.id ? (
              <option key={item.id} value={item.id}>
                {item.name} (block {at + 1})
              </option>
            ) : null,
          )}
        </select>
        {block ? (
          <>
            <label htmlFor={ids.field}>Field</label>
            <select id={ids.field} value={field} onChange={(event) => setField(event.target.value)}>
              <option value="">The whole block</option>
              {fieldsOf(block).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </>
        ) : null}
      </div>
      <ul className={styles.threads} aria-label="Comment threads">
        {shown.length === 0 ? (
          <li>{comments.loaded ? 'No comments yet.' : 'Loading the comments…'}</li>
        ) : null}
        {shown.map((comment) => (
          <li
            key={comment.id}
            className={comment.resolved_at ? styles.resolved : styles.open}
            aria-label={`Comment by ${comment.author.name}`}
          >
            <p className={styles.meta}>
              <strong>{comment.author.name}</strong> on {aboutOf(comment, items)},{' '}
              {formatDateTime(comment.created_at)}
              {comment.resolved_by ? ` · Resolved by ${comment.resolved_by.name}` : ''}
            </p>
            <p className={styles.body}>{comment.body}</p>
            {comment.mentions.length > 0 ? (
              <p className={styles.meta}>Mentions {comment.mentions.map((m) => m.name).join(', ')}</p>
            ) : null}
            <Button
              variant="secondary"
              onPress={() => void comments.setResolved(comment.id, comment.resolved_at === null)}
            >
              {comment.resolved_at === null ? 'Resolve' : 'Reopen'}
            </Button>
          </li>
        ))}
      </ul>
      <div className={styles.write}>
        <label htmlFor={ids.body}>Comment</label>
        <textarea
          id={ids.body}
          value={body}
          rows={3}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={`${ids.body}-help`}
        />
        <p id={`${ids.body}-help`} className={styles.meta}>
          Type @ and a colleague’s full name to mention them.
        </p>
        <Button variant="primary" onPress={() => void post()} isPending={posting} isDisabled={!body.trim()}>
          Post comment
        </Button>
      </div>
    </Modal>
  );
}
