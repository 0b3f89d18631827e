import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { cx } from './cx';
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
  /** The content the tabs switch (the table), shown in the selected tab's panel. */
  children: ReactNode;
  /** Controls on the tab row's right (search, columns, bulk bar), saving a line above a dense table. */
  actions?: ReactNode;
  className?: string;
  /** The panel's own class, beside its spacing under the tabs. */
  panelClassName?: string;
}

/**
 * Tabs that switch a view (All / Bin) without routing: the caller owns the selection. The WAI-ARIA
 * tabs pattern with automatic activation: one tab stop, arrow keys (and Home, End) move to and
 * select the next tab that is not disabled. Plain elements rather than a collection: the panel holds
 * a whole table, and a check for something focusable inside it on every change laid the page out
 * again each time (docs/decisions/036-list-start-up.md).
 */
export function Tabs<K extends string = string>({
  items,
  selectedKey,
  onSelectionChange,
  label,
  children,
  actions,
  className,
  panelClassName,
}: TabsProps<K>) {
  const base = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = `${base}-panel`;

  const onKeyDown = (event: KeyboardEvent, from: K) => {
    const enabled = items.filter((item) => !item.isDisabled || item.id === from);
    const at = enabled.findIndex((item) => item.id === from);
    const last = enabled.length - 1;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = enabled[(to + enabled.length) % enabled.length];
    if (!next || next.isDisabled) return;
    if (next.id !== selectedKey) onSelectionChange(next.id);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <div className={className}>
      <div className={styles.bar}>
        <div role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.tabList}>
          {items.map((item) => {
            const selected = item.id === selectedKey;
            return (
              <button
                key={item.id}
                ref={(element) => {
                  if (element) buttons.current.set(item.id, element);
                  else buttons.current.delete(item.id);
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                aria-disabled={item.isDisabled || undefined}
                tabIndex={selected ? 0 : -1}
                className={styles.tab}
                onClick={() => {
                  if (!item.isDisabled && !selected) onSelectionChange(item.id);
                }}
                onKeyDown={(event) => onKeyDown(event, item.id)}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selectedKey)}
        className={cx(styles.panel, panelClassName)}
      >
        {children}
      </div>
    </div>
  );
}
