import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styles from './Button.module.css';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './buttonLook';
import { cx } from './cx';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';
import { Icon, type IconName } from './Icon';
import { Loader } from './Loader';

export interface PlainButtonProps extends Omit<AriaButtonProps, 'children' | 'className' | 'style'> {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the label. */
  icon?: IconName;
  /** An icon after the label (e.g. chevron-right on 'Next'). */
  iconEnd?: IconName;
  className?: string;
}

/**
 * A button that is never disabled with a reason: Button without the tooltip's positioning code, for
 * a screen that loads before any other (the sign-in page). Everywhere else, use Button.
 * isPending shows an inline loader over the label, keeps the label for screen readers and the
 * button's width, ignores presses, and keeps focus on the button.
 */
export function PlainButton({
  children,
  variant = 'secondary',
  size = 'md',
  icon,
  iconEnd,
  className,
  isPending,
  ...props
}: PlainButtonProps) {
  const iconSize = size === 'sm' ? 'sm' : 'md';
  // Among fields for reading only (forms/ReadOnlyFieldset) a button changes the fields (adds a row,
  // removes one): a disabled fieldset does not stop react-aria's press, so it is disabled here.
  const readOnly = useReadOnlyFields();
  return (
    <AriaButton
      {...props}
      isDisabled={props.isDisabled || readOnly}
      isPending={isPending}
      className={cx(buttonClassName(variant, size), className)}
    >
      <span className={styles.content}>
        {icon ? <Icon name={icon} size={iconSize} /> : null}
        {children}
        {iconEnd ? <Icon name={iconEnd} size={iconSize} /> : null}
      </span>
      {isPending ? (
        <span className={styles.pendingLoader}>
          <Loader size="sm" />
        </span>
      ) : null}
    </AriaButton>
  );
}
