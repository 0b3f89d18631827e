import type { ReactNode } from 'react';
import { Modal as AriaModal, Dialog, Heading, ModalOverlay } from 'react-aria-components';
import { cx } from './cx';
import { IconButton } from './IconButton';
import styles from './Modal.module.css';

export interface ModalProps {
  isOpen: boolean;
  /** Escape, a click outside (when dismissable) and the close button all call this. */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons along the bottom, primary action last. */
  footer?: ReactNode;
  /** Closes on a click outside. Escape always closes unless isKeyboardDismissDisabled. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** Hide the × button (a confirm has its own 'No thanks'). */
  hideCloseButton?: boolean;
  /** alertdialog for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /**
   * For a body laid out by its content (a picker whose grid scrolls in its own box, under a search
   * that stays in view).
   */
  bodyClassName?: string;
  /** Ids of the text that describes the dialog (a confirm's message), read after its title. */
  'aria-describedby'?: string;
}

/** A modal dialog: focus is trapped inside and returns to the trigger on close. */
export function Modal({
  isOpen,
  onClose,
  title,
  children,
  footer,
  isDismissable = true,
  isKeyboardDismissDisabled,
  hideCloseButton,
  role = 'dialog',
  size = 'md',
  className,
  bodyClassName,
  'aria-describedby': describedBy,
}: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={styles.overlay}
    >
      <AriaModal className={cx(styles.modal, styles[size], className)}>
        <Dialog role={role} className={styles.dialog} aria-describedby={describedBy}>
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            {hideCloseButton ? null : <IconButton icon="close" label="Close" onPress={onClose} />}
          </div>
          <div className={cx(styles.body, bodyClassName)}>{children}</div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
