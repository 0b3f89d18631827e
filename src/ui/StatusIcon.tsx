import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import styles from './StatusIcon.module.css';
import { Tooltip, type TooltipPlacement } from './Tooltip';

export interface StatusIconProps {
  icon: IconName;
  /** What the icon means ('Live', 'This page is locked you cannot make structural changes to this page.'). */
  label: string;
  tone?: 'neutral' | 'success' | 'danger' | 'accent';
  /** Show the label as a tooltip; the icon then takes keyboard focus so the tooltip can be reached. */
  withTooltip?: boolean;
  tooltipPlacement?: TooltipPlacement;
  className?: string;
}

/**
 * A non-interactive icon that carries meaning (live tick, homepage, locked): named for screen readers,
 * and with its label as a tooltip unless withTooltip is false.
 */
export function StatusIcon({
  icon,
  label,
  tone = 'neutral',
  withTooltip = true,
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
    <Tooltip content={label} placement={tooltipPlacement} plainTrigger>
      {/* Focusable (in Tooltip) makes it reachable by keyboard, so the tooltip is too. */}
      <span role="img" aria-label={label} className={classes}>
        <Icon name={icon} size="md" />
      </span>
    </Tooltip>
  );
}
