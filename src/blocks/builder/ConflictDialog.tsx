import { useState } from 'react';
import type { Side } from '@/shared/blockMerge';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import type { MergeQuestion } from './mergeQuestions';
import type { Saver } from './useSaveConflict';

/** What 'Copy my version aside' did with the editor's version. */
export interface CopiedAside {
  /** How many blocks went onto the block clipboard (none when it could not be written). */
  copied: number;
  /** How many blocks the editor's version holds. */
  total: number;
  /** The whole version is kept as this browser's draft of the page. */
  kept: boolean;
}

const blocks = (n: number) => (n === 1 ? '1 block is' : `${n} blocks are`);

/** What the editor is told after copying their version aside: what happened and how to get it back. */
export function copiedAsideText({ copied, total, kept }: CopiedAside): string {
  const pasted =
    total === 0
      ? 'Your version has no blocks to copy.'
      : copied === 0
        ? 'Your blocks could not be copied in this browser.'
        : copied === total
          ? `Your ${blocks(copied)} copied: load their version, then use Paste blocks to bring yours back.`
          : `The first ${copied} of your ${total} blocks are copied: load their version, then use Paste blocks to bring them back.`;
  const draft = kept
    ? ' Your whole version also stays kept in this browser: until you change theirs, it is offered back when you next open this page.'
    : copied === 0
      ? ' It could not be kept in this browser either: save yours over theirs to keep it.'
      : '';
  return pasted + draft;
}

export interface ConflictDialogProps {
  isOpen: boolean;
  /** What the record is called in a sentence: 'this page'. */
  record: string;
  /** Who saved the newer version, where the record's history says it. */
  savedBy: Saver | null;
  /** Puts this editor's blocks on the block clipboard and keeps their version as a draft. */
  onCopyAside: () => Promise<CopiedAside>;
  /** Save this editor's version over the newer one. */
  onKeepMine: () => void;
  /** Load the newer version (after copying aside, the editor's draft stays kept). */
  onTakeTheirs: () => void;
  onClose: () => void;
  /**
   * The editor's version merged with theirs, once the newer version is loaded: the questions for
   * blocks both changed, and the save of the merged version with their answers.
   */
  merge?: { questions: readonly MergeQuestion[]; onMerge: (answers: Record<string, Side>) => void } | null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The dialog's title and first words: who saved meanwhile, the signed-in user's other tab included. */
export function conflictWords(record: string, savedBy: Saver | null): { title: string; lead: string } {
  const rest = 'Choose what to keep. Nothing is overwritten unless you save yours over theirs.';
  if (savedBy?.kind === 'you')
    return {
      title: `${capitalised(record)} was saved in another tab meanwhile`,
      lead: `Your changes here are not saved: you saved ${record} in another tab or window after opening it here. ${rest}`,
    };
  const who = savedBy?.name ?? 'someone else';
  return {
    title: 'Someone else saved this meanwhile',
    lead: `Your changes are not saved: this was changed by ${who} after you opened it. ${rest}`,
  };
}

/** One block (or field) both changed: which version to keep, mine unless the editor says otherwise. */
function MergeQuestionField({
  question,
  value,
  onChange,
}: {
  question: MergeQuestion;
  value: Side;
  onChange: (side: Side) => void;
}) {
  const name = `merge-${question.key}`;
  return (
    <fieldset>
      <legend>{question.label}: changed in both versions</legend>
      <label>
        <input type="radio" name={name} checked={value === 'mine'} onChange={() => onChange('mine')} /> Keep
        mine: {question.mine}
      </label>{' '}
      <label>
        <input type="radio" name={name} checked={value === 'theirs'} onChange={() => onChange('theirs')} />{' '}
        Take theirs: {question.theirs}
      </label>
    </fieldset>
  );
}

/**
 * A save refused with 409: a newer version was saved meanwhile. Nothing is overwritten unless the
 * editor chooses to: keep theirs (save over the newer version), take the other, or copy theirs
 * aside onto the block clipboard, to paste them into the other version once it is loaded.
 */
export function ConflictDialog({
  isOpen,
  record,
  savedBy,
  onCopyAside,
  onKeepMine,
  onTakeTheirs,
  onClose,
  merge = null,
}: ConflictDialogProps) {
  const [copied, setCopied] = useState<CopiedAside | null>(null);
  const [answers, setAnswers] = useState<Record<string, Side>>({});
  const [copying, setCopying] = useState(false);
  const closing = (then: () => void) => () => {
    setCopied(null);
    setAnswers({});
    then();
  };
  const copyAside = () => {
    setCopying(true);
    onCopyAside()
      .then(setCopied)
      .finally(() => setCopying(false));
  };
  const words = conflictWords(record, savedBy);
  return (
    <Modal
      isOpen={isOpen}
      onClose={closing(onClose)}
      title={words.title}
      size="md"
      footer={
        <>
          {merge ? (
            <Button variant="primary" onPress={closing(() => merge.onMerge(answers))}>
              Merge and save
            </Button>
          ) : null}
          <Button onPress={copyAside} isPending={copying}>
            Copy my version aside
          </Button>
          <Button variant={copied ? 'primary' : 'secondary'} onPress={closing(onTakeTheirs)}>
            Load their version
          </Button>
          <Button variant={copied || merge ? 'secondary' : 'primary'} onPress={closing(onKeepMine)}>
            Save mine over theirs
          </Button>
        </>
      }
    >
      <p>{words.lead}</p>
      {merge ? (
        <section aria-label="Merge">
          <p>
            {merge.questions.length === 0
              ? 'Your changes and theirs can be merged: blocks only one of you changed are taken from that version.'
              : 'What only one version changed is taken from it. Choose which version to keep where both changed the same thing.'}
          </p>
          {merge.questions.map((question) => (
            <MergeQuestionField
              key={question.key}
              question={question}
              value={answers[question.key] ?? 'mine'}
              onChange={(side) => setAnswers((now) => ({ ...now, [question.key]: side }))}
            />
          ))}
        </section>
      ) : null}
      <p role="status">{copied ? copiedAsideText(copied) : null}</p>
    </Modal>
  );
}
