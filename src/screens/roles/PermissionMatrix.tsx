import { useState } from 'react';
import {
  type AccessAction,
  type AccessArea,
  accessActions,
  accessAreas,
  areaAccess,
  type Permissions,
} from '@/shared/access';
import { actionLabels, areaLabels, cellLabel } from '@/shared/accessLabels';
import { Checkbox } from '@/ui/Checkbox';
import styles from './PermissionMatrix.module.css';

interface PermissionMatrixProps {
  /** The field's form name ('permissions'): each ticked cell posts `permissions.<area>` = action. */
  name: string;
  defaultValue: Permissions;
  /** Errors by area, as the server words them ('Pages cannot be given: refund.'). */
  errors: string[];
  onChange: () => void;
}

/**
 * A role's permissions: areas down, actions across, a checkbox in each cell the area has (the
 * others are empty), and an 'all' box per row. Each box has its own name ('Pages: publish'), so
 * the matrix is usable by keyboard and screen reader cell by cell.
 */
export function PermissionMatrix({ name, defaultValue, errors, onChange }: PermissionMatrixProps) {
  const [held, setHeld] = useState<Permissions>(defaultValue);
  const has = (area: AccessArea, action: AccessAction) => held[area]?.includes(action) ?? false;
  const set = (area: AccessArea, actions: AccessAction[]) => {
    setHeld((now) => ({ ...now, [area]: areaAccess[area].actions.filter((a) => actions.includes(a)) }));
    onChange();
  };
  return (
    <div className={styles.wrap}>
      <table className={styles.matrix}>
        <caption>Permissions</caption>
        <thead>
          <tr>
            <th scope="col">Area</th>
            <th scope="col">All</th>
            {accessActions.map((action) => (
              <th scope="col" key={action}>
                {actionLabels[action]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {accessAreas.map((area) => {
            const open = areaAccess[area].actions;
            const count = open.filter((a) => has(area, a)).length;
            return (
              <tr key={area}>
                <th scope="row">{areaLabels[area]}</th>
                <td>
                  <Checkbox
                    aria-label={`${areaLabels[area]}: all`}
                    isSelected={count === open.length}
                    isIndeterminate={count > 0 && count < open.length}
                    onChange={(on) => set(area, on ? [...open] : [])}
                  >
                    <span className={styles.narrow} aria-hidden="true">
                      All
                    </span>
                  </Checkbox>
                </td>
                {accessActions.map((action) => (
                  <td key={action}>
                    {open.includes(action) ? (
                      <Checkbox
                        aria-label={cellLabel(area, action)}
                        name={`${name}.${area}`}
                        value={action}
                        isSelected={has(area, action)}
                        onChange={(on) =>
                          set(
                            area,
                            on
                              ? [...(held[area] ?? []), action]
                              : (held[area] ?? []).filter((a) => a !== action),
                          )
                        }
                      >
                        <span className={styles.narrow} aria-hidden="true">
                          {actionLabels[action]}
                        </span>
                      </Checkbox>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors.map((error) => (
        <p key={error} className={styles.error} role="alert">
          {error}
        </p>
      ))}
    </div>
  );
}
