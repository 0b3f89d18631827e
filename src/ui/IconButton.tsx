import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { cx } from './cx';
import { useDisabledReason } from './disabledReason';
import { useReadOnlyFields } from './forms/ReadOnlyFieldset';
import { Icon, type IconName } from './Icon';
import styles from './IconButton.module.css';
import { Tooltip, type TooltipPlacement } from './Tooltip';

export interface IconButtonProps
  extends Omit<AriaButtonProps, 'children' | 'className' | 'style' | 'aria-label' | 'isPending'> {
  icon: IconName;
  /** The button's name: its aria-label, and its tooltip on hover and focus. */
  label: string;
  /** Tooltip text when it should say more than the label. */
  tooltip?: string;
  /**
   * Why the button is disabled ('You cannot delete as you have child pages.', 'Your role, Sales,
   * cannot delete pages.'). With isDisabled, the button stays focusable (aria-disabled), its reason
   * is its description and tooltip, and a press announces it instead of acting (ui/disabledReason).
   */
  disabledReason?: string | null;
  variant?: 'ghost' | 'secondary' | 'primary' | 'danger';
  size?: 'sm' | 'md';
  tooltipPlacement?: TooltipPlacement;
  className?: string;
  /** The button itself, for a screen that must put focus back on it. */
  ref?: Ref<HTMLButtonElement>;
}

/** A button that shows only an icon; its label is always available by name and tooltip. */
export function IconButton({
  icon,
  label,
  tooltip,
  disabledReason,
  variant = 'ghost',
  size = 'md',
  tooltipPlacement,
  className,
  isDisabled,
  onPress,
  ...props
}: IconButtonProps) {
  // Among fields for reading only (forms/ReadOnlyFieldset), as PlainButton.
  const readOnly = useReadOnlyFields();
  // A disabled button cannot be focused or hovered, so one with a reason is only marked disabled.
  const refused = useDisabledReason(isDisabled ? disabledReason : null);
  return (
    <>
      <Tooltip content={refused.disabled ? disabledReason : (tooltip ?? label)} placement={tooltipPlacement}>
        <AriaButton
          {...props}
          {...refused.props}
          aria-label={label}
          // The same action in every row, so focus can find it in the next row (ui/focus/rowFocus).
          data-action={icon}
          isDisabled={readOnly || (refused.disabled ? false : isDisabled)}
          onPress={refused.press(onPress)}
          className={cx(styles.iconButton, styles[variant], size === 'sm' && styles.sm, className)}
        >
          <Icon name={icon} size={size === 'sm' ? 'sm' : 'md'} />
        </AriaButton>
      </Tooltip>
      {refused.description}
    </>
  );
}
