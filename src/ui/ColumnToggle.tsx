import { CheckboxGroup, Dialog, DialogTrigger, Label, Popover } from 'react-aria-components';
import { Button } from './Button';
import { Checkbox } from './Checkbox';
import styles from './ColumnToggle.module.css';

export interface ToggleColumn {
  id: string;
  label: string;
  hidden?: boolean;
}

export interface ColumnToggleProps {
  /** The columns a user may show or hide, in table order. */
  columns: readonly ToggleColumn[];
  /** Called with the ids of the columns to hide. */
  onChange: (hiddenIds: string[]) => void;
  label?: string;
}

/**
 * A 'Columns' button opening a list of checkboxes, one per column. The last visible column cannot
 * be hidden, so the table never ends up empty.
 */
export function ColumnToggle({ columns, onChange, label = 'Columns' }: ColumnToggleProps) {
  const visible = columns.filter((column) => !column.hidden).map((column) => column.id);
  return (
    <DialogTrigger>
      <Button icon="columns" size="sm" variant="secondary">
        {label}
      </Button>
      <Popover placement="bottom end" offset={4} className={styles.popover}>
        <Dialog aria-label={label} className={styles.dialog}>
          <CheckboxGroup
            value={visible}
            onChange={(ids) => onChange(columns.filter((c) => !ids.includes(c.id)).map((c) => c.id))}
            className={styles.group}
          >
            <Label className={styles.heading}>Show columns</Label>
            {columns.map((column) => (
              <Checkbox
                key={column.id}
                value={column.id}
                isDisabled={visible.length === 1 && visible[0] === column.id}
              >
                {column.label}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
