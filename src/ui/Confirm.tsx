import { type ReactNode, useId } from 'react';
import { Button } from './Button';
import styles from './Confirm.module.css';
import { Modal } from './Modal';

/** Past this many names the list ends with 'and n more', so a whole page selected stays readable. */
const NAMED_ITEMS = 5;

export interface ConfirmProps {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: 'Yes please' shows a loader and the modal cannot be dismissed. */
  isPending?: boolean;
  /** 'You are about to delete user(s)' or a plain 'Do you really want to delete?'. */
  message: ReactNode;
  /** The records the action is about ('Kia', 'Hyundai'), named under the message. */
  items?: readonly string[];
  /** What else the action does that cannot be seen from the message (history deleted too). */
  note?: ReactNode;
  /** The second line; pass null for plain confirms whose message is already the question. */
  question?: ReactNode | null;
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger for deletions (the default), primary for harmless toggles. */
  tone?: 'danger' | 'primary';
}

/** 'Kia, Hyundai' or, for many, 'Kia, Hyundai, Ford, Seat, Audi and 3 more'. */
export function nameList(items: readonly string[]): string {
  const named = items.slice(0, NAMED_ITEMS).join(', ');
  const more = items.length - NAMED_ITEMS;
  return more > 0 ? `${named} and ${more} more` : named;
}

/**
 * The spec's confirm modal: 'Hold up!', the message, 'Yes please' and 'No thanks' (spec §8). The
 * message, the names and the question describe the dialog, so a screen reader reads what is at
 * stake with its title.
 */
export function Confirm({
  isOpen,
  onConfirm,
  onCancel,
  isPending = false,
  message,
  items = [],
  note,
  question = 'Are you sure you wish to continue?',
  title = 'Hold up!',
  confirmLabel = 'Yes please',
  cancelLabel = 'No thanks',
  tone = 'danger',
}: ConfirmProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const itemsId = `${id}-items`;
  const noteId = `${id}-note`;
  const questionId = `${id}-question`;
  const describedBy = [
    messageId,
    items.length > 0 ? itemsId : null,
    note ? noteId : null,
    question ? questionId : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => {
        if (!isPending) onCancel();
      }}
      title={title}
      role="alertdialog"
      size="sm"
      isDismissable={!isPending}
      isKeyboardDismissDisabled={isPending}
      hideCloseButton
      aria-describedby={describedBy}
      footer={
        <>
          {/* Focus starts on the safe choice. */}
          <Button variant="secondary" onPress={onCancel} isDisabled={isPending} autoFocus>
            {cancelLabel}
          </Button>
          <Button variant={tone} onPress={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} className={styles.text}>
        {message}
      </p>
      {items.length > 0 ? (
        <p id={itemsId} className={styles.items}>
          {nameList(items)}
        </p>
      ) : null}
      {note ? (
        <p id={noteId} className={styles.note}>
          {note}
        </p>
      ) : null}
      {question ? (
        <p id={questionId} className={styles.question}>
          {question}
        </p>
      ) : null}
    </Modal>
  );
}
