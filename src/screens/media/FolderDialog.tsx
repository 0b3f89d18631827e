import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { MediaFolder } from '@/api/contract/media';
import { api } from '@/api/endpoints';
import { describeFailure } from '@/machines/errors';
import { useScope } from '@/machines/session';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { focusFirstInvalid } from '@/ui/focus/firstInvalid';
import { stateFieldMeta } from '@/ui/formProps';
import { Modal } from '@/ui/Modal';
import { Select } from '@/ui/Select';
import { toast } from '@/ui/toasts';
import { folderOwners, type OwnerKey, ownerIds, startingOwner } from './folderOwners';
import styles from './Media.module.css';

/** The words the server uses when a folder has no owner it may give. */
const CHOOSE_OWNER = 'Choose a brand or a dealership.';

export interface FolderDialogProps {
  isOpen: boolean;
  /** The folder shown now: a new folder starts under the same brand or dealership. */
  within: MediaFolder | undefined;
  /** The folders the user reaches: their brands' and dealerships' own folders name the owners. */
  folders: readonly MediaFolder[];
  onClose: () => void;
  onCreated: (folder: MediaFolder) => void;
}

/**
 * Asks for a new folder's name and whose it is (the group's, a brand's or a dealership's, within the
 * user's scope); a refusal shows under its field, which takes focus, and what was typed stays.
 */
export function FolderDialog(props: FolderDialogProps) {
  const { isOpen, onClose } = props;
  // Opened afresh each time, so the owner starts from the folder shown then.
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="Add folder" size="sm">
      {isOpen ? <FolderForm {...props} /> : null}
    </Modal>
  );
}

function FolderForm({ within, folders, onClose, onCreated }: FolderDialogProps) {
  const scope = useScope();
  const owners = folderOwners(folders, scope);
  const [name, setName] = useState('');
  const [owner, setOwner] = useState<OwnerKey | null>(() => startingOwner(within, scope));
  const [errors, setErrors] = useState<{ name?: string; owner?: string }>({});
  const [pending, setPending] = useState(false);
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  // A refused add takes the user to the first field that says why.
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  const refuse = (found: { name?: string; owner?: string }) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = {
      ...(name.trim() === '' ? { name: 'Enter a name.' } : {}),
      ...(owner === null ? { owner: CHOOSE_OWNER } : {}),
    };
    if (owner === null || found.name) return refuse(found);
    setPending(true);
    try {
      const answer = await api.media.foldersCreate({ body: { name, ...ownerIds(owner) } });
      toast.success(answer.message);
      onCreated(answer.data);
    } catch (failure) {
      const { message, fieldErrors } = describeFailure(failure);
      const ownerError = fieldErrors.brand_id ?? fieldErrors.dealership_id;
      refuse(
        fieldErrors.name || ownerError ? { name: fieldErrors.name, owner: ownerError } : { name: message },
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className={styles.folderForm}>
      <Field
        field={stateFieldMeta('name', errors.name, { required: true })}
        label="Folder name"
        value={name}
        autoFocus
        onChange={(value) => {
          setName(value);
          setErrors((now) => ({ ...now, name: undefined }));
        }}
      />
      <Select<OwnerKey>
        label="Brand or dealership"
        items={owners}
        selectedKey={owner}
        placeholder="Choose a brand or dealership"
        isRequired
        errorMessage={errors.owner}
        onSelectionChange={(key) => {
          setOwner(key);
          setErrors((now) => ({ ...now, owner: undefined }));
        }}
      />
      <div className={styles.folderActions}>
        <Button variant="ghost" onPress={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" isPending={pending}>
          Add folder
        </Button>
      </div>
    </form>
  );
}
