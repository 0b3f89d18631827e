import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { SAVE_BEFORE_SUBMIT } from '@/machines/builder';
import { formatDateTime } from '@/shared/format';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { TextArea } from '@/ui/TextField';
import styles from './ReviewControls.module.css';
import type { BuilderActor } from './useBuilderActor';

type Asking = 'approve' | 'requestChanges' | null;

/**
 * A page under a review workflow (issue #28): where it stands (its stage, who holds it and since
 * when), Submit for review instead of Publish, and, for the stage's reviewers, Approve and Request
 * changes, each with a comment. Nothing for a page under no workflow.
 */
export function ReviewControls({ actor }: { actor: BuilderActor }) {
  const review = useSelector(actor, (s) => s.context.review);
  const error = useSelector(actor, (s) => s.context.reviewError);
  const changed = useSelector(actor, (s) => s.context.changed);
  const busy = useSelector(
    actor,
    (s) =>
      s.matches({ review: 'submitting' }) ||
      s.matches({ review: 'approving' }) ||
      s.matches({ review: 'sendingBack' }),
  );
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'review.submit' }));
  const readOnly = useSelector(actor, (s) => s.context.readOnly);
  const canApprove = useSelector(actor, (s) => s.can({ type: 'review.approve' }));
  const [asking, setAsking] = useState<Asking>(null);
  const [comment, setComment] = useState('');
  if (!review) return null;
  const close = () => {
    setAsking(null);
    setComment('');
  };
  const send = () => {
    if (asking === 'approve') {
      actor.send({ type: 'review.approve', ...(comment.trim() ? { comment: comment.trim() } : {}) });
    } else if (asking === 'requestChanges') {
      actor.send({ type: 'review.requestChanges', comment });
    }
    close();
  };
  const due = review.due_at ? ` · due ${formatDateTime(review.due_at)}` : '';
  const overdue = review.due_at !== null && Date.parse(review.due_at) < Date.now();
  return (
    <div className={styles.review}>
      <p className={styles.status} role="status" aria-label="Review">
        <strong>{review.stage}</strong>
        {review.state === 'approved'
          ? ` · ${review.workflow_name}: the website shows this version`
          : ` · ${review.workflow_name} · with ${review.holder} since ${formatDateTime(review.since)}`}
        {review.state === 'in_review' ? (
          <span className={overdue ? styles.overdue : undefined}>{due}</span>
        ) : null}
      </p>
      {review.comment ? <p className={styles.comment}>“{review.comment}”</p> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {review.state === 'draft' && !readOnly ? (
        <Button
          variant="primary"
          onPress={() => actor.send({ type: 'review.submit' })}
          isPending={busy}
          isDisabled={!canSubmit}
          disabledReason={changed ? SAVE_BEFORE_SUBMIT : null}
        >
          Submit for review
        </Button>
      ) : null}
      {review.state === 'in_review' && review.can_review ? (
        <>
          <Button onPress={() => setAsking('requestChanges')} isDisabled={!canApprove || busy}>
            Request changes
          </Button>
          <Button
            variant="primary"
            onPress={() => setAsking('approve')}
            isDisabled={!canApprove}
            isPending={busy}
          >
            Approve
          </Button>
        </>
      ) : null}
      <Modal
        isOpen={asking !== null}
        onClose={close}
        title={asking === 'approve' ? `Approve ${review.stage}` : 'Request changes'}
        size="sm"
        footer={
          <>
            <Button onPress={close}>Cancel</Button>
            <Button
              variant="primary"
              onPress={send}
              isDisabled={asking === 'requestChanges' && comment.trim() === ''}
            >
              {asking === 'approve' ? 'Approve' : 'Send back'}
            </Button>
          </>
        }
      >
        <TextArea
          label={asking === 'approve' ? 'Comment (optional)' : 'What should change'}
          value={comment}
          onChange={setComment}
          isRequired={asking === 'requestChanges'}
          autoFocus
        />
      </Modal>
    </div>
  );
}
