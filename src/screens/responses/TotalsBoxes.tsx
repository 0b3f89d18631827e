import { useState } from 'react';
import { enquiryGroups } from '@/api/contract/responses';
import { Button } from '@/ui/Button';
import { Modal } from '@/ui/Modal';
import { Skeleton } from '@/ui/Skeleton';
import styles from './Responses.module.css';

type Count = number | 'N/A';
export type GroupTotals = Record<string, { total: Count; groups: Record<string, Count> }>;

/** Spec §2 Responses: a box per group with its total, and 'View more' for the breakdown. */
export function TotalsBoxes({ totals }: { totals: GroupTotals }) {
  const [open, setOpen] = useState<string | null>(null);
  const opened = open ? totals[open] : undefined;
  return (
    <div className={styles.boxes}>
      {Object.entries(totals).map(([key, entry]) => {
        const allUnknown = Object.values(entry.groups).every((count) => count === 'N/A');
        return (
          <section key={key} className={styles.box} aria-label={`${key} total`}>
            <h2 className={styles.boxTitle}>{key}</h2>
            <p className={styles.boxTotal}>Total: {entry.total}</p>
            {allUnknown ? null : (
              <Button size="sm" variant="ghost" onPress={() => setOpen(key)}>
                View more
              </Button>
            )}
          </section>
        );
      })}
      <Modal isOpen={opened !== undefined} onClose={() => setOpen(null)} title={open ?? ''}>
        <table className={styles.breakdown}>
          <thead>
            <tr>
              <th scope="col">Group</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(opened?.groups ?? {}).map(([group, count]) => (
              <tr key={group}>
                <td>{group}</td>
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </div>
  );
}

/**
 * The boxes' place while the totals load: a box of the same height for each group, so the filters
 * and the table below do not move down when the totals arrive, even on a phone, where the boxes
 * stack one above another.
 */
export function TotalsBoxesLoading() {
  return (
    <div className={styles.boxes} aria-hidden="true">
      {enquiryGroups.map((group) => (
        <div key={group} className={styles.box}>
          {/* A heading's line: its text size at the headings' tighter leading. */}
          <p className={styles.boxTitle}>
            <Skeleton width="8em" height="calc(var(--text-md) * var(--leading-tight))" />
          </p>
          <p className={styles.boxTotal}>
            <Skeleton width="6em" height="1lh" />
          </p>
          <Skeleton width="6em" height="var(--control-height-sm)" />
        </div>
      ))}
    </div>
  );
}
