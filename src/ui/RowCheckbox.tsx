import { CheckMark } from './Checkbox';
import styles from './Checkbox.module.css';
import { cx } from './cx';

export interface RowCheckboxProps {
  /** The checkbox's name ('Select Jane Doe'). */
  label: string;
  isSelected: boolean;
  isDisabled?: boolean;
  onChange: () => void;
}

/**
 * A table row's selection checkbox, drawn like Checkbox: a native input in a label, which the
 * browser already gives its keyboard and screen-reader behaviour. A table has one per row, so it
 * stays this light; Checkbox is for forms (labels, descriptions, errors, groups).
 */
export function RowCheckbox({ label, isSelected, isDisabled = false, onChange }: RowCheckboxProps) {
  return (
    <label className={cx(styles.button, styles.native)} data-disabled={isDisabled || undefined}>
      <input
        type="checkbox"
        className={cx(styles.input, 'sr-only')}
        aria-label={label}
        checked={isSelected}
        disabled={isDisabled}
        onChange={onChange}
      />
      <span className={styles.box} aria-hidden="true">
        <CheckMark />
      </span>
    </label>
  );
}
