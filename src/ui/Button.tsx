import { useDisabledReason } from './disabledReason';
import { PlainButton, type PlainButtonProps } from './PlainButton';
import { Tooltip } from './Tooltip';

export { type ButtonSize, type ButtonVariant, buttonClassName } from './buttonLook';

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
  if (disabledReason === undefined) return button;
  // A button that can be refused keeps one shape, refused or not: were its tooltip added only as it
  // became refused ('Mark all as read' once all are read), the button would be made anew and the
  // focus on it dropped to the page, out of the dialog it was in.
  return (
    <>
      <Tooltip content={disabledReason} isDisabled={!refused.disabled}>
        {button}
      </Tooltip>
      {refused.description}
    </>
  );
}
