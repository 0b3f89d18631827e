import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import styles from './MenuButton.module.css';

export interface MenuButtonItem {
  id: string;
  label: string;
  icon?: IconName;
  tone?: 'default' | 'danger';
}

export interface MenuButtonProps {
  /** What the trigger shows (initials and name in the top bar). */
  children: ReactNode;
  /** Names the trigger when its content is not a plain label. */
  'aria-label'?: string;
  items: readonly MenuButtonItem[];
  /** Called with the chosen item's id ('profile', 'logout'). */
  onAction: (id: string) => void;
  placement?: 'bottom start' | 'bottom end';
  className?: string;
}

/** A button that opens a short menu of actions (the top bar's Profile / Logout popup). */
export function MenuButton({
  children,
  'aria-label': ariaLabel,
  items,
  onAction,
  placement = 'bottom end',
  className,
}: MenuButtonProps) {
  return (
    <MenuTrigger>
      <Button aria-label={ariaLabel} className={cx(styles.trigger, className)}>
        {children}
        <Icon name="chevron-down" size="sm" />
      </Button>
      <Popover placement={placement} offset={4} className={styles.popover}>
        <Menu items={items} onAction={(key) => onAction(String(key))} className={styles.menu}>
          {(item) => (
            <MenuItem
              id={item.id}
              textValue={item.label}
              className={cx(styles.item, item.tone === 'danger' && styles.danger)}
            >
              {item.icon ? <Icon name={item.icon} size="md" /> : null}
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
