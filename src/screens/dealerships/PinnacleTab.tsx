import { Field } from '@/ui/Field';
import styles from './DealershipForm.module.css';
import type { DealershipFields } from './form';

/** The ids that route this dealership's enquiries into the Pinnacle dealer system. */
export function PinnacleTab({ fields }: { fields: DealershipFields }) {
  return (
    <div className={styles.grid}>
      <Field field={fields.quotee_uid} label="Quotee UID" autoComplete="off" />
      <Field field={fields.pinnacle_enquiry_id} label="Pinnacle enquiry ID" autoComplete="off" />
      <Field field={fields.pinnacle_used_enquiry_id} label="Pinnacle used enquiry ID" autoComplete="off" />
    </div>
  );
}
