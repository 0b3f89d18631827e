import { Input } from 'react-aria-components';
import styles from './Field.module.css';
import { TextFieldFrame, type TextFieldFrameProps } from './TextField';

export interface DateFieldProps extends Omit<TextFieldFrameProps, 'type' | 'hideLabel'> {
  /** 'day' edits 'YYYY-MM-DD'; 'minute' edits 'YYYY-MM-DDTHH:mm' (published_at with its space as T). */
  granularity?: 'day' | 'minute';
  min?: string;
  max?: string;
}

/**
 * A date (or date and time) field on the browser's native picker: values are the ISO strings the API
 * takes, and the picker is localised and accessible without shipping a calendar.
 */
export function DateField({ granularity = 'day', min, max, ...props }: DateFieldProps) {
  return (
    <TextFieldFrame {...props} type={granularity === 'minute' ? 'datetime-local' : 'date'}>
      <Input className={styles.control} min={min} max={max} />
    </TextFieldFrame>
  );
}
