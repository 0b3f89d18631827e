import type { ReactNode } from 'react';
import { Tabs as AriaTabs, Tab, TabList, TabPanel } from 'react-aria-components';
import styles from './Tabs.module.css';

export interface TabItem<K extends string = string> {
  id: K;
  /** 'All (12)', 'Bin (3)'. */
  label: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps<K extends string = string> {
  items: readonly TabItem<K>[];
  selectedKey: K;
  onSelectionChange: (key: K) => void;
  /** Names the tab list for screen readers ('Users'). */
  label: string;
  /**
   * The content the tabs switch (the table), shown in the selected tab's panel. Required: a panel
   * with nothing in it would still take focus and tell a screen reader nothing.
   */
  children: ReactNode;
  /** Controls on the tab row's right (search, columns, bulk bar), saving a line above a dense table. */
  actions?: ReactNode;
  className?: string;
}

/** Tabs that switch a view (All / Bin) without routing: the caller owns the selection. */
export function Tabs<K extends string = string>({
  items,
  selectedKey,
  onSelectionChange,
  label,
  children,
  actions,
  className,
}: TabsProps<K>) {
  return (
    <AriaTabs
      selectedKey={selectedKey}
      onSelectionChange={(key) => {
        const item = items.find((candidate) => candidate.id === String(key));
        if (item) onSelectionChange(item.id);
      }}
      disabledKeys={items.filter((item) => item.isDisabled).map((item) => item.id)}
      className={className}
    >
      <div className={styles.bar}>
        <TabList aria-label={label} className={styles.tabList}>
          {items.map((item) => (
            <Tab key={item.id} id={item.id} className={styles.tab}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {/* Every tab has a panel so its aria-controls points somewhere; only the selected one renders. */}
      {items.map((item) => (
        <TabPanel key={item.id} id={item.id} className={styles.panel}>
          {children}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
