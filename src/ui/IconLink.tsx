import { Link } from 'wouter';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import styles from './IconButton.module.css';
import { Tooltip, type TooltipPlacement } from './Tooltip';

export interface IconLinkProps {
  /** A route in the console ('/users/edit/3'). */
  href: string;
  icon: IconName;
  /** The link's name: its aria-label, and its tooltip on hover and focus. */
  label: string;
  size?: 'sm' | 'md';
  tooltipPlacement?: TooltipPlacement;
  className?: string;
}

/** An icon-only link (a row's edit action): a real link for the browser, named and with a tooltip. */
export function IconLink({ href, icon, label, size = 'md', tooltipPlacement, className }: IconLinkProps) {
  return (
    <Tooltip content={label} placement={tooltipPlacement} plainTrigger>
      <Link
        href={href}
        aria-label={label}
        data-action={icon}
        className={cx(styles.iconButton, styles.ghost, size === 'sm' && styles.sm, className)}
      >
        <Icon name={icon} size={size === 'sm' ? 'sm' : 'md'} />
      </Link>
    </Tooltip>
  );
}
