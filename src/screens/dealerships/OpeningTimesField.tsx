import { weekdays } from '@/api/contract/dealerships';
import { Button } from '@/ui/Button';
import { Field } from '@/ui/Field';
import { firstError } from '@/ui/FieldHelp';
import { IconButton } from '@/ui/IconButton';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipFormMeta } from './form';
import { emptyOpeningTimes } from './values';

const dayLabel = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

type OpeningTimesMeta = DealershipFields['opening_times'];
// The list's own metadata type is what conform answers for the field; named for the item helper.
type OpeningTimesItem = ReturnType<OpeningTimesMeta['getFieldList']>[number];

interface OpeningTimesFieldProps {
  form: DealershipFormMeta;
  meta: OpeningTimesMeta;
}

/** Opening times per department (Sales, Service...), one time per day; departments are added and removed. */
export function OpeningTimesField({ form, meta }: OpeningTimesFieldProps) {
  const items = meta.getFieldList();
  const error = firstError(meta.errors);
  return (
    <fieldset className={styles.section} aria-describedby={error ? `${meta.id}-error` : undefined}>
      <legend className={styles.legend}>
        Opening times
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      <p className={styles.hint}>
        One set per department. Enter each day as a time, e.g. 9:00 - 17:30, or Closed.
      </p>
      {items.map((item, index) => (
        <Department
          key={item.key}
          item={item}
          index={index}
          onRemove={items.length > 1 ? () => form.remove({ name: meta.name, index }) : undefined}
        />
      ))}
      {error ? (
        <p id={`${meta.id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div>
        <Button
          size="sm"
          icon="plus"
          onPress={() => form.insert({ name: meta.name, defaultValue: emptyOpeningTimes() })}
        >
          Add department
        </Button>
      </div>
    </fieldset>
  );
}

interface DepartmentProps {
  item: OpeningTimesItem;
  index: number;
  /** Absent for the only department: a dealership needs at least one. */
  onRemove?: () => void;
}

function Department({ item, index, onRemove }: DepartmentProps) {
  const fields = item.getFieldset();
  const days = fields.days.getFieldset();
  const label = `Department ${index + 1}`;
  return (
    <fieldset aria-label={label} className={styles.item}>
      <div className={styles.itemHeader}>
        <Field field={fields.department} label="Department" className={styles.itemTitle} />
        <IconButton
          icon="trash"
          variant="danger"
          size="sm"
          label={`Remove ${label}`}
          isDisabled={!onRemove}
          disabledReason="A dealership needs opening times for at least one department."
          onPress={onRemove}
        />
      </div>
      <div className={styles.days}>
        {weekdays.map((day) => {
          const dayMeta = days[day];
          return <Field key={day} field={dayMeta} label={dayLabel(day)} />;
        })}
      </div>
    </fieldset>
  );
}
