import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import styles from './Button.module.css';
import { cx } from './cx';
import { useDisabledReason } from './disabledReason';
import { Icon, type IconName } from './Icon';
import { Loader } from './Loader';
import { Tooltip } from './Tooltip';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

/** The classes of a button look, shared with ButtonLink so links styled as buttons match exactly. */
export function buttonClassName(variant: ButtonVariant = 'secondary', size: ButtonSize = 'md'): string {
  return cx(styles.button, styles[variant], size === 'sm' && styles.sm);
}

export interface ButtonProps extends Omit<AriaButtonProps, 'children' | 'className' | 'style'> {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the label. */
  icon?: IconName;
  /** An icon after the label (e.g. chevron-right on 'Next'). */
  iconEnd?: IconName;
  className?: string;
  /**
   * Why the button may not be used ('Your role, Sales, cannot export enquiries.'): it stays focusable,
   * says so on focus and hover, and a press announces it instead of acting (ui/disabledReason).
   */
  disabledReason?: string | null;
}

/**
 * A button. isPending shows an inline loader over the label, keeps the label for screen readers
 * and the button's width, ignores presses, and keeps focus on the button.
 */
export function Button({
  children,
  variant = 'secondary',
  size = 'md',
  icon,
  iconEnd,
  className,
  isPending,
  disabledReason,
  onPress,
  ...props
}: ButtonProps) {
  const iconSize = size === 'sm' ? 'sm' : 'md';
  const refused = useDisabledReason(disabledReason);
  const button = (
    <AriaButton
      {...props}
      {...refused.props}
      onPress={refused.press(onPress)}
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
  if (!refused.disabled) return button;
  return (
    <>
      <Tooltip content={disabledReason}>{button}</Tooltip>
      {refused.description}
    </>
  );
}
