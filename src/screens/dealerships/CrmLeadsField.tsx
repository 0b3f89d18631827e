import { useEffect, useState } from 'react';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { firstError } from '@/ui/FieldHelp';
import { IconButton } from '@/ui/IconButton';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipFormMeta } from './form';

/** The formats a CRM takes leads in. */
const FORMATS = [
  { id: 'adf', name: 'ADF/XML 1.0 (for a CRM)' },
  { id: 'email', name: 'Plain e-mail (for people)' },
];

interface CrmLeadsFieldProps {
  form: DealershipFormMeta;
  fields: DealershipFields;
}

/**
 * Where the dealership's enquiries and reservations are sent as leads: a list of addresses, each
 * added and removed on its own, and the format they are written in. Focus follows the change: to
 * a new address's field, or, after a removal, to the address before it (the Add button when none
 * is left).
 */
export function CrmLeadsField({ form, fields }: CrmLeadsFieldProps) {
  const meta = fields.crm_emails;
  const items = meta.getFieldList();
  const addId = `${meta.id}-add`;
  const [focusAt, setFocusAt] = useState<number | null>(null);

  useEffect(() => {
    if (focusAt === null) return;
    const target = focusAt < 0 ? null : items[focusAt];
    const input = target ? document.getElementById(target.id) : null;
    (input ?? document.getElementById(addId))?.focus();
    setFocusAt(null);
  }, [focusAt, items, addId]);

  const add = () => {
    form.insert({ name: meta.name, defaultValue: '' });
    setFocusAt(items.length);
  };
  const remove = (index: number) => {
    form.remove({ name: meta.name, index });
    setFocusAt(index - 1);
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>CRM leads</legend>
      <p className={styles.hint}>
        Every enquiry and paid reservation for this dealership is sent to these addresses as a lead.
      </p>
      {items.length > 0 ? (
        <ol className={styles.list} aria-label="CRM lead addresses">
          {items.map((item, index) => (
            <li key={item.key} className={styles.itemHeader}>
              <Field
                field={item}
                label={`CRM lead address ${index + 1}`}
                type="email"
                autoComplete="off"
                className={styles.itemTitle}
              />
              <IconButton
                icon="trash"
                size="sm"
                variant="danger"
                label={`Remove CRM lead address ${index + 1}`}
                onPress={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {firstError(meta.errors) ? <p className={styles.error}>{firstError(meta.errors)}</p> : null}
      <div>
        <Button id={addId} size="sm" icon="plus" onPress={add} isDisabled={items.length >= 10}>
          Add CRM address
        </Button>
      </div>
      <Field kind="select" field={fields.crm_format} label="Lead format" items={FORMATS} />
    </fieldset>
  );
}
