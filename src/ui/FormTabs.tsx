import type { ReactNode } from 'react';
import { Tabs as AriaTabs, Tab, TabList, TabPanel } from 'react-aria-components';
import { cx } from './cx';
import styles from './FormTabs.module.css';
import { Icon } from './Icon';
import tabStyles from './Tabs.module.css';

export interface FormTab<K extends string = string> {
  id: K;
  label: string;
  /** The tab's fields. Every panel stays mounted, so one form posts the fields of every tab. */
  content: ReactNode;
  /** Marks the tab so a user on another tab can find the error. */
  hasErrors?: boolean;
}

export interface FormTabsProps<K extends string = string> {
  /** Names the tab list for screen readers ('Dealership sections'). */
  label: string;
  tabs: readonly FormTab<K>[];
  selectedKey: K;
  onSelectionChange: (key: K) => void;
  className?: string;
}

/**
 * Tabs that split one long form into sections. Unlike Tabs (a view switch), every panel is always
 * rendered: the inactive ones are inert and hidden, so their inputs still post with the form and
 * keep what was typed in them.
 */
export function FormTabs<K extends string = string>({
  label,
  tabs,
  selectedKey,
  onSelectionChange,
  className,
}: FormTabsProps<K>) {
  return (
    <AriaTabs
      selectedKey={selectedKey}
      onSelectionChange={(key) => {
        const tab = tabs.find((candidate) => candidate.id === String(key));
        if (tab) onSelectionChange(tab.id);
      }}
      className={cx(styles.tabs, className)}
    >
      <div className={tabStyles.bar}>
        <TabList aria-label={label} className={tabStyles.tabList}>
          {tabs.map((tab) => (
            <Tab key={tab.id} id={tab.id} className={cx(tabStyles.tab, styles.tab)}>
              {tab.label}
              {tab.hasErrors ? (
                <>
                  <Icon name="alert" size="sm" className={styles.marker} />
                  <span className="sr-only"> (has errors)</span>
                </>
              ) : null}
            </Tab>
          ))}
        </TabList>
      </div>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} shouldForceMount className={cx(tabStyles.panel, styles.panel)}>
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
