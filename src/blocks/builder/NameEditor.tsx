import { useState } from 'react';
import type { PageItem } from '@/api/contract/pages';
import { Button } from '@/ui/Button';
import { TextField } from '@/ui/TextField';
import styles from './ItemsPanel.module.css';

/** A template's block: only the name a child page's block starts with. */
export function NameEditor({
  item,
  onCancel,
  onSave,
}: {
  item: PageItem;
  onCancel: () => void;
  onSave: (item: PageItem) => void;
}) {
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | undefined>();
  return (
    <section className={styles.nameEditor} aria-label={`Edit ${item.name}`}>
      <TextField
        label="Block name"
        value={name}
        onChange={setName}
        isRequired
        maxLength={255}
        errorMessage={error}
      />
      <div className={styles.editorActions}>
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button
          variant="primary"
          onPress={() => {
            if (name.trim() === '') setError('Enter a block name.');
            else onSave({ ...item, name });
          }}
        >
          Save
        </Button>
      </div>
    </section>
  );
}
