import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import styles from './StatusIcon.module.css';
import { Tooltip, type TooltipPlacement } from './Tooltip';

export interface StatusIconProps {
  icon: IconName;
  /** What the icon means ('Live', 'This page is locked you cannot make structural changes to this page.'). */
  label: string;
  tone?: 'neutral' | 'success' | 'danger' | 'accent';
  /** Show the label as a tooltip on hover. */
  withTooltip?: boolean;
  /**
   * Make the icon a Tab stop too, so its tooltip shows from the keyboard: only where the spec asks
   * for the tooltip (the pages list's homepage and lock). Elsewhere the icon is no Tab stop, and its
   * meaning reaches screen readers as its name.
   */
  tabStop?: boolean;
  tooltipPlacement?: TooltipPlacement;
  className?: string;
}

/**
 * A non-interactive icon that carries meaning (live tick, homepage, locked): named for screen readers,
 * and with its label as a tooltip on hover unless withTooltip is false.
 */
export function StatusIcon({
  icon,
  label,
  tone = 'neutral',
  withTooltip = true,
  tabStop = false,
  tooltipPlacement,
  className,
}: StatusIconProps) {
  const classes = cx(styles.status, tone !== 'neutral' && styles[tone], className);
  if (!withTooltip) {
    return (
      <span role="img" aria-label={label} className={classes}>
        <Icon name={icon} size="md" />
      </span>
    );
  }
  return (
    <Tooltip content={label} placement={tooltipPlacement} plainTrigger excludeFromTabOrder={!tabStop}>
      <span role="img" aria-label={label} className={classes}>
        <Icon name={icon} size="md" />
      </span>
    </Tooltip>
  );
}
