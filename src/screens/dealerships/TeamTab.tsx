import { Button } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { Field } from '@/ui/Field';
import { firstError } from '@/ui/FieldHelp';
import { IconButton } from '@/ui/IconButton';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipFormMeta } from './form';
import { ImageField } from './ImageField';
import { emptyTeamMember } from './values';

type TeamMeta = DealershipFields['team'];
type TeamMemberItem = ReturnType<TeamMeta['getFieldList']>[number];

interface TeamTabProps {
  form: DealershipFormMeta;
  fields: DealershipFields;
}

/** The people of the dealership in the order the website shows them: added, removed and moved. */
export function TeamTab({ form, fields }: TeamTabProps) {
  const meta = fields.team;
  const items = meta.getFieldList();
  const error = firstError(meta.errors);
  const add = () => form.insert({ name: meta.name, defaultValue: emptyTeamMember() });
  return (
    <div className={styles.stack}>
      {items.length === 0 ? (
        <EmptyState
          icon="users"
          title="No team members yet"
          text="Add the people customers will meet at this dealership."
        />
      ) : (
        <ol className={styles.list} aria-label="Team members">
          {items.map((item, index) => (
            <li key={item.key}>
              <TeamMember
                item={item}
                index={index}
                count={items.length}
                onMove={(to) => form.reorder({ name: meta.name, from: index, to })}
                onRemove={() => form.remove({ name: meta.name, index })}
              />
            </li>
          ))}
        </ol>
      )}
      {error ? <p className={styles.error}>{error}</p> : null}
      <div>
        <Button size="sm" icon="plus" onPress={add}>
          Add team member
        </Button>
      </div>
    </div>
  );
}

interface TeamMemberProps {
  item: TeamMemberItem;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function TeamMember({ item, index, count, onMove, onRemove }: TeamMemberProps) {
  const fields = item.getFieldset();
  const label = `Team member ${index + 1}`;
  return (
    <fieldset aria-label={label} className={styles.item}>
      <div className={styles.itemBar}>
        <h2 className={styles.itemHeading}>{label}</h2>
        <div className={styles.itemActions}>
          <IconButton
            icon="chevron-down"
            size="sm"
            className={styles.up}
            label={`Move ${label} up`}
            isDisabled={index === 0}
            onPress={() => onMove(index - 1)}
          />
          <IconButton
            icon="chevron-down"
            size="sm"
            label={`Move ${label} down`}
            isDisabled={index === count - 1}
            onPress={() => onMove(index + 1)}
          />
          <IconButton icon="trash" size="sm" variant="danger" label={`Remove ${label}`} onPress={onRemove} />
        </div>
      </div>
      <div className={styles.member}>
        <div className={styles.memberText}>
          <Field field={fields.name} label="Name" />
          <Field kind="textarea" field={fields.content} label="Content" rows={3} />
        </div>
        <ImageField label="Image" meta={fields.image} key={fields.image.key} />
      </div>
    </fieldset>
  );
}
