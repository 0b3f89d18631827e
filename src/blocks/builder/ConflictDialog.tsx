import { useState } from 'react';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { TextArea } from '@/ui/TextField';

export interface ConflictDialogProps {
  isOpen: boolean;
  /** What this editor would have saved, as text they can copy aside. */
  mine: () => string;
  /** Save this editor's version over the newer one. */
  onKeepMine: () => void;
  /** Drop this editor's changes and load the newer version. */
  onTakeTheirs: () => void;
  onClose: () => void;
}

/**
 * A save refused with 409: someone else saved this meanwhile. Nothing is overwritten unless the
 * editor chooses to: keep theirs (save over the newer version), take the other, or copy theirs aside.
 */
export function ConflictDialog({ isOpen, mine, onKeepMine, onTakeTheirs, onClose }: ConflictDialogProps) {
  const [copy, setCopy] = useState<string | null>(null);
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => {
        setCopy(null);
        onClose();
      }}
      title="Someone else saved this meanwhile"
      size="md"
      footer={
        <>
          <Button onPress={() => setCopy(mine())}>Copy my version aside</Button>
          <Button
            onPress={() => {
              setCopy(null);
              onTakeTheirs();
            }}
          >
            Load their version
          </Button>
          <Button
            variant="primary"
            onPress={() => {
              setCopy(null);
              onKeepMine();
            }}
          >
            Save mine over theirs
          </Button>
        </>
      }
    >
      <p>
        Your changes are not saved: this was changed by someone else after you opened it. Choose what to keep.
        Nothing is overwritten unless you save yours over theirs.
      </p>
      {copy !== null ? (
        <TextArea label="Your version (copy it before loading theirs)" value={copy} isReadOnly rows={8} />
      ) : null}
    </Modal>
  );
}
