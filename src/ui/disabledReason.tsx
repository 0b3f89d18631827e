import { type ReactNode, useId } from 'react';
import { announce } from './announce';

/** What a control takes to be disabled with its reason (spread onto a react-aria Button). */
export interface ExplainedDisabledProps {
  'aria-disabled'?: true;
  'aria-describedby'?: string;
}

export interface ExplainedDisabled {
  /** Whether the control is disabled with a reason. */
  disabled: boolean;
  /** For the control: marked disabled, still focusable, described by its reason. */
  props: ExplainedDisabledProps;
  /** What a press does instead while disabled: says the reason to screen readers. */
  press: <A extends unknown[]>(
    onPress: ((...args: A) => void) | undefined,
  ) => ((...args: A) => void) | undefined;
  /** The reason, hidden on screen and read with the control: render it beside the control. */
  description: ReactNode;
}

/**
 * "Why can't I?": the one way a control that may not be used says why ('Your role, Sales, cannot
 * export enquiries.'). A disabled button cannot be focused or hovered, so such a control is only
 * marked disabled (aria-disabled): keyboard users reach it, its reason is its description
 * (aria-describedby, read when it is focused) and its tooltip, and a press announces the reason
 * instead of acting. Button and IconButton take it as `disabledReason`.
 */
export function useDisabledReason(reason: string | null | undefined): ExplainedDisabled {
  const id = useId();
  if (!reason) return { disabled: false, props: {}, press: (onPress) => onPress, description: null };
  return {
    disabled: true,
    props: { 'aria-disabled': true, 'aria-describedby': id },
    press: () => () => announce(reason),
    // Hidden, not merely off screen: a description is read from a hidden element all the same, and
    // one positioned off screen in a table cell would widen the page on a narrow screen.
    description: (
      <span id={id} hidden>
        {reason}
      </span>
    ),
  };
}
