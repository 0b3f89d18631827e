import { useDisabledReason } from './disabledReason';
import { PlainButton, type PlainButtonProps } from './PlainButton';
import { Tooltip } from './Tooltip';

export { type ButtonSize, type ButtonVariant, buttonClassName } from './PlainButton';

export interface ButtonProps extends PlainButtonProps {
  /**
   * Why the button may not be used ('Your role, Sales, cannot export enquiries.'): it stays focusable,
   * says so on focus and hover, and a press announces it instead of acting (ui/disabledReason).
   */
  disabledReason?: string | null;
}

/**
 * A button. isPending shows an inline loader over the label, keeps the label for screen readers
 * and the button's width, ignores presses, and keeps focus on the button (ui/PlainButton).
 */
export function Button({ disabledReason, onPress, ...props }: ButtonProps) {
  const refused = useDisabledReason(disabledReason);
  const button = <PlainButton {...props} {...refused.props} onPress={refused.press(onPress)} />;
  if (!refused.disabled) return button;
  return (
    <>
      <Tooltip content={disabledReason}>{button}</Tooltip>
      {refused.description}
    </>
  );
}
