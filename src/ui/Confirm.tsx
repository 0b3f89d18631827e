import type { ReactNode } from 'react';
import { Button } from './Button';
import styles from './Confirm.module.css';
import { Modal } from './Modal';

export interface ConfirmProps {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs: 'Yes please' shows a loader and the modal cannot be dismissed. */
  isPending?: boolean;
  /** 'You are about to delete user(s)' or a plain 'Do you really want to delete?'. */
  message: ReactNode;
  /** The second line; pass null for plain confirms whose message is already the question. */
  question?: ReactNode | null;
  title?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger for deletions (the default), primary for harmless toggles. */
  tone?: 'danger' | 'primary';
}

/** The spec's confirm modal: 'Hold up!', the message, 'Yes please' and 'No thanks' (spec §8). */
export function Confirm({
  isOpen,
  onConfirm,
  onCancel,
  isPending = false,
  message,
  question = 'Are you sure you wish to continue?',
  title = 'Hold up!',
  confirmLabel = 'Yes please',
  cancelLabel = 'No thanks',
  tone = 'danger',
}: ConfirmProps) {
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
      <p className={styles.text}>{message}</p>
      {question ? <p className={styles.question}>{question}</p> : null}
    </Modal>
  );
}
