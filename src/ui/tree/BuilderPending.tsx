import type { ReactNode } from 'react';
import { ButtonLink } from '../ButtonLink';
import { PageHeader } from '../PageHeader';
import styles from './BuilderPending.module.css';

export interface BuilderPendingProps {
  title: string;
  subtitle?: string;
  /** What exists of the record, read-only: [label, value]. */
  fields: [string, ReactNode][];
  backHref: string;
}

/**
 * Where the page and form builder goes: until it exists this shows only what is stored, read-only,
 * and says plainly that the blocks cannot be edited here yet.
 */
export function BuilderPending({ title, subtitle, fields, backHref }: BuilderPendingProps) {
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <ButtonLink href={backHref} variant="secondary">
            Go back
          </ButtonLink>
        }
      />
      <p className={styles.note} role="note">
        The block builder is not available yet: what is stored is shown below, read-only.
      </p>
      {fields.length > 0 ? (
        <dl className={styles.fields}>
          {fields.map(([label, value]) => (
            <div key={label} className={styles.field}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}
