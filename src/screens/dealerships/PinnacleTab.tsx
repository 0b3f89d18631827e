import { textFieldProps } from '@/ui/formProps';
import { TextField } from '@/ui/TextField';
import styles from './DealershipForm.module.css';
import type { DealershipFields } from './form';

/** The ids that route this dealership's enquiries into the Pinnacle dealer system. */
export function PinnacleTab({ fields }: { fields: DealershipFields }) {
  return (
    <div className={styles.grid}>
      <TextField
        label="Quotee UID"
        autoComplete="off"
        {...textFieldProps(fields.quotee_uid)}
        isRequired={false}
        key={fields.quotee_uid.key}
      />
      <TextField
        label="Pinnacle enquiry ID"
        autoComplete="off"
        {...textFieldProps(fields.pinnacle_enquiry_id)}
        isRequired
        key={fields.pinnacle_enquiry_id.key}
      />
      <TextField
        label="Pinnacle used enquiry ID"
        autoComplete="off"
        {...textFieldProps(fields.pinnacle_used_enquiry_id)}
        isRequired
        key={fields.pinnacle_used_enquiry_id.key}
      />
    </div>
  );
}
