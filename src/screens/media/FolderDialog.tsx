import { type FormEvent, useState } from 'react';
import type { MediaFolder } from '@/api/contract/media';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { stateFieldMeta } from '@/ui/formProps';
import { Modal } from '@/ui/Modal';
import { toast } from '@/ui/toasts';
import styles from './Media.module.css';

export interface FolderDialogProps {
  isOpen: boolean;
  /** The folder shown now: a new folder goes under the same brand or dealership. */
  within: MediaFolder | undefined;
  onClose: () => void;
  onCreated: (folder: MediaFolder) => void;
}

/** Asks for a new folder's name; a refusal shows under the field and what was typed stays. */
export function FolderDialog({ isOpen, within, onClose, onCreated }: FolderDialogProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const close = () => {
    setName('');
    setError(undefined);
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (name.trim() === '') {
      setError('Enter a name.');
      return;
    }
    setPending(true);
    try {
      const answer = await api.media.foldersCreate({
        body: { name, brand_id: within?.brand_id ?? null, dealership_id: within?.dealership_id ?? null },
      });
      toast.success(answer.message);
      setName('');
      setError(undefined);
      onCreated(answer.data);
    } catch (failure) {
      const { message, fieldErrors } = describeFailure(failure);
      setError(fieldErrors.name ?? Object.values(fieldErrors)[0] ?? message);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal isOpen={isOpen} onClose={close} title="Add folder" size="sm">
      <form onSubmit={submit} noValidate className={styles.folderForm}>
        <Field
          field={stateFieldMeta('name', error, { required: true })}
          label="Folder name"
          value={name}
          autoFocus
          onChange={(value) => {
            setName(value);
            setError(undefined);
          }}
        />
        <div className={styles.folderActions}>
          <Button variant="ghost" onPress={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isPending={pending}>
            Add folder
          </Button>
        </div>
      </form>
    </Modal>
  );
}
