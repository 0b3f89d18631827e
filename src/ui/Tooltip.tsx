import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, Focusable, TooltipTrigger } from 'react-aria-components';
import styles from './Tooltip.module.css';

export type TooltipPlacement = 'top' | 'bottom' | 'start' | 'end';

export interface TooltipProps {
  /** What the tooltip says. */
  content: ReactNode;
  /**
   * The trigger. A react-aria control (Button, our IconButton's button) works as it is; any other
   * element (a span with tabIndex=0, a router link) needs plainTrigger so it can be hovered and focused.
   */
  children: ReactElement;
  plainTrigger?: boolean;
  /**
   * A plainTrigger that is no Tab stop: the tooltip shows on hover, and its words must reach
   * screen readers another way (the trigger's name).
   */
  excludeFromTabOrder?: boolean;
  placement?: TooltipPlacement;
  /** Hover delay in ms; keyboard focus shows it at once. */
  delay?: number;
  isDisabled?: boolean;
}

/** A short hint shown on hover and on keyboard focus, and announced as the trigger's description. */
export function Tooltip({
  content,
  children,
  plainTrigger,
  excludeFromTabOrder,
  placement = 'top',
  delay = 400,
  isDisabled,
}: TooltipProps) {
  return (
    <TooltipTrigger delay={delay} closeDelay={0} isDisabled={isDisabled}>
      {plainTrigger ? (
        // Focusable's type asks for a DOM element; a component that passes props and ref on (wouter's Link) works alike.
        <Focusable excludeFromTabOrder={excludeFromTabOrder}>
          {children as ComponentProps<typeof Focusable>['children']}
        </Focusable>
      ) : (
        children
      )}
      <AriaTooltip placement={placement} offset={6} className={styles.tooltip}>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
