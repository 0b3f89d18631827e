import { type RefObject, useEffect, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { announce } from '@/ui/announce';
import { cx } from '@/ui/cx';
import { Icon, type IconName } from '@/ui/Icon';
import iconStyles from '@/ui/IconButton.module.css';
import tooltipStyles from '@/ui/Tooltip.module.css';
import styles from './ItemsPanel.module.css';

/** Hover delay of a row action's tooltip (as the console's tooltips); keyboard focus shows it at once. */
const TOOLTIP_DELAY_MS = 400;

export interface RowActionProps {
  icon: IconName;
  /** The button's name, and its tooltip unless `tooltip` says more. */
  label: string;
  tooltip?: string;
  isDisabled?: boolean;
  /**
   * Why the action is off now, when it is off for a reason of the block's own: the button is then
   * only marked disabled, so keyboard and screen reader users can reach it, hear its tooltip, and
   * pressing it reads the reason out instead of acting. (A plain disabled button cannot be focused.)
   */
  refusal?: string | undefined;
  danger?: boolean;
  className?: string;
  onPress: () => void;
}

/**
 * A small icon button of a block's row. A page holds hundreds of rows with several of these each,
 * so it is a plain button (the look of IconButton) whose tooltip is shown by the list's one
 * RowTooltip instead of a tooltip trigger per button.
 */
export function RowAction({
  icon,
  label,
  tooltip,
  isDisabled,
  refusal,
  danger,
  className,
  onPress,
}: RowActionProps) {
  const refused = refusal !== undefined;
  return (
    <button
      type="button"
      aria-label={label}
      data-tooltip={tooltip ?? label}
      disabled={isDisabled && !refused}
      aria-disabled={refused || undefined}
      data-disabled={isDisabled || refused || undefined}
      onClick={refused ? () => announce(refusal) : onPress}
      className={cx(iconStyles.iconButton, iconStyles.sm, styles.action, danger && styles.danger, className)}
    >
      <Icon name={icon} size="sm" />
    </button>
  );
}

interface Shown {
  text: string;
  left: number;
  top: number;
}

/**
 * The tooltip of every RowAction inside `container`: shown above the button hovered (after a
 * delay) or focused from the keyboard, announced as its description, hidden when it is left,
 * pressed or Escape is pressed.
 */
export function RowTooltip({ container }: { container: RefObject<HTMLElement | null> }) {
  const id = useId();
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const hide = () => {
      clearTimeout(timer);
      current?.removeAttribute('aria-describedby');
      current = null;
      setShown(null);
    };
    const show = (button: HTMLElement) => {
      const rect = button.getBoundingClientRect();
      current = button;
      button.setAttribute('aria-describedby', id);
      setShown({ text: button.dataset.tooltip ?? '', left: rect.left + rect.width / 2, top: rect.top - 6 });
    };
    const actionOf = (target: EventTarget | null) =>
      target instanceof Element ? target.closest<HTMLElement>('button[data-tooltip]') : null;
    const onOver = (event: PointerEvent) => {
      const button = actionOf(event.target);
      if (!button || button === current) return;
      hide();
      timer = setTimeout(() => show(button), TOOLTIP_DELAY_MS);
    };
    const onOut = (event: PointerEvent) => {
      if (actionOf(event.target) && actionOf(event.target) !== actionOf(event.relatedTarget)) hide();
    };
    // Focus that came from the keyboard (Tab, arrows) shows the tooltip at once, as :focus-visible
    // would; focus from a press does not.
    let byKeyboard = false;
    const onAnyKey = () => {
      byKeyboard = true;
    };
    const onAnyPointer = () => {
      byKeyboard = false;
    };
    const onFocus = (event: FocusEvent) => {
      const button = actionOf(event.target);
      if (button && (byKeyboard || button.matches(':focus-visible'))) {
        hide();
        show(button);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onAnyKey, true);
    document.addEventListener('pointerdown', onAnyPointer, true);
    root.addEventListener('pointerover', onOver);
    root.addEventListener('pointerout', onOut);
    root.addEventListener('pointerdown', hide);
    root.addEventListener('focusin', onFocus);
    root.addEventListener('focusout', hide);
    root.addEventListener('keydown', onKey);
    return () => {
      hide();
      document.removeEventListener('keydown', onAnyKey, true);
      document.removeEventListener('pointerdown', onAnyPointer, true);
      root.removeEventListener('pointerover', onOver);
      root.removeEventListener('pointerout', onOut);
      root.removeEventListener('pointerdown', hide);
      root.removeEventListener('focusin', onFocus);
      root.removeEventListener('focusout', hide);
      root.removeEventListener('keydown', onKey);
    };
  }, [container, id]);
  if (!shown) return null;
  return createPortal(
    <div
      role="tooltip"
      id={id}
      className={tooltipStyles.tooltip}
      style={{ position: 'fixed', left: shown.left, top: shown.top, transform: 'translate(-50%, -100%)' }}
    >
      {shown.text}
    </div>,
    document.body,
  );
}
