import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type ButtonSize, type ButtonVariant, buttonClassName } from './Button';
import styles from './Button.module.css';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

export interface ButtonLinkProps {
  /** A route in the console ('/users/add'). */
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: IconName;
  iconEnd?: IconName;
  /** Replace the history entry instead of pushing one. */
  replace?: boolean;
  className?: string;
}

/** A link that looks like a button: navigation stays a link (middle click, copy address) for the browser. */
export function ButtonLink({
  href,
  children,
  variant = 'secondary',
  size = 'md',
  icon,
  iconEnd,
  replace,
  className,
}: ButtonLinkProps) {
  const iconSize = size === 'sm' ? 'sm' : 'md';
  return (
    <Link href={href} replace={replace} className={cx(buttonClassName(variant, size), className)}>
      <span className={styles.content}>
        {icon ? <Icon name={icon} size={iconSize} /> : null}
        {children}
        {iconEnd ? <Icon name={iconEnd} size={iconSize} /> : null}
      </span>
    </Link>
  );
}
