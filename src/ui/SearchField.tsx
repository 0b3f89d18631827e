import {
  SearchField as AriaSearchField,
  type SearchFieldProps as AriaSearchFieldProps,
  Button,
  Input,
} from 'react-aria-components';
import { SEARCH_MAX_LENGTH } from '@/shared/search';
import { cx } from './cx';
import fieldStyles from './Field.module.css';
import { FieldLabel } from './FieldLabel';
import { Icon } from './Icon';
import styles from './SearchField.module.css';

export interface SearchFieldProps
  extends Omit<AriaSearchFieldProps, 'children' | 'className' | 'style' | 'validationBehavior'> {
  /** Always given; hidden from the eye with hideLabel when the screen makes the purpose plain. */
  label?: string;
  hideLabel?: boolean;
  placeholder?: string;
  /** sm (28px) sits in a toolbar beside small buttons. */
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * A search box with a clear button (Escape clears too). Debouncing belongs to the caller's machine.
 * It takes no more than a list's search may hold, so a long paste is cut rather than refused.
 */
export function SearchField({
  label = 'Search',
  maxLength = SEARCH_MAX_LENGTH,
  hideLabel = true,
  placeholder = 'Search…',
  size = 'md',
  className,
  ...props
}: SearchFieldProps) {
  return (
    <AriaSearchField
      {...props}
      maxLength={maxLength}
      className={cx(styles.field, size === 'sm' && styles.sm, className)}
    >
      <FieldLabel isHidden={hideLabel}>{label}</FieldLabel>
      <div className={styles.box}>
        <Icon name="search" size="md" className={styles.icon} />
        <Input
          className={cx(fieldStyles.control, size === 'sm' && fieldStyles.controlSm, styles.input)}
          placeholder={placeholder}
        />
        <Button className={styles.clear} aria-label="Clear search">
          <Icon name="close" size="sm" />
        </Button>
      </div>
    </AriaSearchField>
  );
}
