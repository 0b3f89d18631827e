import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import type { PageItem } from '@/api/contract/blocks';
import type { Comment } from '@/api/contract/comments';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import type { BuilderActor } from '../useBuilderActor';
import styles from './CommentsPanel.module.css';
import { CommentThread } from './CommentThread';
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

/** What the panel shows and a new thread is about: the page, a block (by its id) or one field of it. */
export interface CommentTarget {
  block: string | null;
  field: string | null;
}

export const THE_PAGE: CommentTarget = { block: null, field: null };

export interface CommentsPanelProps {
  isOpen: boolean;
  onClose: () => void;
  actor: BuilderActor;
  comments: CommentsState;
  /** What the panel was opened beside: the page, a block or one field of a block. */
  about: CommentTarget;
  onAbout: (about: CommentTarget) => void;
}

/**
 * The page's comment threads, beside what they are about: the page, a block (followed by its id,
 * wherever it moves) or one field of a block. Opened from a block or a field, it shows that one's
 * threads and a new comment is about it. @Name mentions a user. Each thread takes replies; open
 * threads can be resolved, resolved ones reopened.
 */
export function CommentsPanel({ isOpen, onClose, actor, comments, about, onAbout }: CommentsPanelProps) {
  const items = useSelector(actor, (s) => s.context.items);
  const [body, setBody] = useState('');
  const [posting, setPosting] = useState(false);
  const ids = { about: useId(), field: useId(), body: useId() };
  const block = about.block ? items.find((item) => item.id === about.block) : undefined;
  const threads = comments.comments.filter(
    (c) =>
      c.reply_to === null &&
      (!about.block || (c.block_key === about.block && (!about.field || c.field === about.field))),
  );
  const repliesTo = (id: number) => comments.comments.filter((c) => c.reply_to === id);
  const post = async () => {
    setPosting(true);
    const posted = await comments.post({ block_key: about.block, field: about.field, body });
    setPosting(false);
    if (posted) setBody('');
  };
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Comments" size="lg">
      <div className={styles.choose}>
        <label htmlFor={ids.about}>About</label>
        <select
          id={ids.about}
          value={about.block ?? ''}
          onChange={(event) => onAbout({ block: event.target.value || null, field: null })}
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
            <select
              id={ids.field}
              value={about.field ?? ''}
              onChange={(event) => onAbout({ block: about.block, field: event.target.value || null })}
            >
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
        {threads.length === 0 ? (
          <li>{comments.loaded ? 'No comments yet.' : 'Loading the comments…'}</li>
        ) : null}
        {threads.map((first) => (
          <CommentThread
            key={first.id}
            first={first}
            replies={repliesTo(first.id)}
            about={aboutOf(first, items)}
            comments={comments}
          />
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
