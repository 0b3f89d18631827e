import { createContext, type ReactNode, useContext } from 'react';
import styles from './ReadOnlyFieldset.module.css';

/**
 * Whether the fields drawn here are for reading only. The native controls of a disabled fieldset
 * follow it by themselves; the widgets that the browser does not disable (a rich text editor, a
 * library image's buttons, a repeatable section's entries) ask this. So do the shared Select,
 * Checkbox, Switch, Button and IconButton: react-aria presses on pointer events, which a disabled
 * fieldset's buttons still receive, so a picker drawn straight in a form (not through Field) would
 * open.
 */
const ReadOnlyContext = createContext(false);

/** Whether the fields around are for reading only (ReadOnlyFields, ReadOnlyFieldset). */
export function useReadOnlyFields(): boolean {
  return useContext(ReadOnlyContext);
}

/**
 * Fields the user may read but not change, drawn as they would be: text can still be focused,
 * selected and read, and nothing changes. For a part of a screen whose own buttons stay (a block
 * opened to read it can still be closed).
 */
export function ReadOnlyFields({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return readOnly ? <ReadOnlyContext.Provider value>{children}</ReadOnlyContext.Provider> : children;
}

/**
 * A whole form the user may only read: a disabled fieldset makes every control in it read-only, the
 * form's own fieldsets too, and the widgets it cannot reach are told through ReadOnlyFields.
 */
export function ReadOnlyFieldset({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return children;
  return (
    <fieldset disabled className={styles.readOnly}>
      <ReadOnlyFields readOnly>{children}</ReadOnlyFields>
    </fieldset>
  );
}
