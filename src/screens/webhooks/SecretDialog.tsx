import { useState } from 'react';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import styles from './Webhooks.module.css';

interface SecretDialogProps {
  /** The secret to show; null keeps the dialog closed. */
  secret: string | null;
  onClose: () => void;
}

/**
 * A new signing secret, shown this once: the site that receives the events verifies them with it.
 * Closed only with Done (or Escape), so it is not lost to a stray click.
 */
export function SecretDialog({ secret, onClose }: SecretDialogProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal
      isOpen={secret !== null}
      onClose={() => {
        setCopied(false);
        onClose();
      }}
      isDismissable={false}
      title="Signing secret"
      aria-describedby="webhook-secret-note"
      footer={
        <>
          <Button variant="secondary" icon="copy" onPress={copy}>
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
          <Button
            variant="primary"
            onPress={() => {
              setCopied(false);
              onClose();
            }}
          >
            Done
          </Button>
        </>
      }
    >
      <p id="webhook-secret-note">
        Copy this secret into the site that receives the events: it verifies each request with it. It is shown
        only now.
      </p>
      <input
        className={styles.secret}
        aria-label="Secret"
        readOnly
        value={secret ?? ''}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className={styles.live} role="status">
        {copied ? 'The secret is on the clipboard.' : ''}
      </p>
    </Modal>
  );
}
