import { currentActor } from '../history/actor';
import { type NoticeMail, type NoticeRecord, notify, toStage, toUsers } from './notify';

/** Where a record stands in its review, before and after a move (the review row's own fields). */
export interface ReviewPoint {
  state: 'draft' | 'in_review' | 'approved';
  stage: number | null;
  submittedBy: number | null;
  comment: string | null;
}

interface Stage {
  name: string;
  role_ids: number[];
  user_ids: number[];
}

/**
 * The notices of one review move, told from where the record stood before and after it: a record
 * that reaches a stage is waiting for everyone who may move it on from there; one sent back or
 * finally approved goes back to whoever submitted it. Called once, where every move happens.
 */
export async function notifyReviewMove(
  tx: Parameters<typeof notify>[0],
  mail: NoticeMail,
  move: {
    record: NoticeRecord;
    workflow: { name: string; stages: Stage[] };
    before: ReviewPoint | null;
    after: ReviewPoint;
  },
): Promise<void> {
  const { record, workflow, before, after } = move;
  const actor = currentActor()?.name ?? 'A reviewer';
  const what = `\u201c${record.name}\u201d`;
  if (after.state === 'in_review') {
    const stage = workflow.stages[after.stage ?? 0];
    if (!stage) return;
    await notify(
      tx,
      mail,
      {
        kind: 'review_waiting',
        text: `${what} is waiting for your review in ${stage.name} (${workflow.name}).`,
        record,
      },
      toStage(stage),
    );
    return;
  }
  if (before?.state !== 'in_review' || after.submittedBy === null) return;
  const left = workflow.stages[before.stage ?? 0]?.name ?? workflow.name;
  if (after.state === 'draft') {
    await notify(
      tx,
      mail,
      {
        kind: 'changes_requested',
        text: `${actor} asked for changes to ${what} in ${left}: ${after.comment ?? ''}`.trim(),
        record,
      },
      toUsers([after.submittedBy]),
    );
  } else if (after.state === 'approved') {
    await notify(
      tx,
      mail,
      {
        kind: 'approved',
        text: `${what} is approved (${workflow.name}): the website shows this version.`,
        record,
      },
      toUsers([after.submittedBy]),
    );
  }
}
