import type { ComponentType } from 'react';
import { textFieldProps } from '@/ui/formProps';
import { TextField } from '@/ui/TextField';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipFormMeta } from './form';
import { OpeningTimesField } from './OpeningTimesField';

/** An address a places search found, as the form's address group holds it. */
export interface PickedAddress {
  address_line_1: string;
  address_line_2?: string;
  city: string;
  county: string;
  postcode: string;
  lat: number;
  lng: number;
}

/**
 * A places search that fills in the address. One can be plugged in where a maps API key is
 * configured; without one (as here) the address, latitude and longitude are typed by hand.
 */
export type AddressLookup = ComponentType<{ onPick: (address: PickedAddress) => void }>;

interface ContactTabProps {
  form: DealershipFormMeta;
  fields: DealershipFields;
  addressLookup?: AddressLookup;
}

/** E-mail, telephone, address with its map position, and opening times per department. */
export function ContactTab({ form, fields, addressLookup: Lookup }: ContactTabProps) {
  const address = fields.address.getFieldset();
  return (
    <div className={styles.stack}>
      <div className={styles.grid}>
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          {...textFieldProps(fields.email)}
          isRequired
          key={fields.email.key}
        />
        <TextField
          label="Telephone"
          type="tel"
          autoComplete="off"
          {...textFieldProps(fields.telephone)}
          isRequired
          key={fields.telephone.key}
        />
      </div>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>Address</legend>
        {Lookup ? (
          <Lookup
            onPick={(picked) =>
              form.update({
                name: fields.address.name,
                value: { ...picked, lat: String(picked.lat), lng: String(picked.lng) },
              })
            }
          />
        ) : (
          <p className={styles.hint}>
            Latitude and longitude place the dealership on the website's map (for example 53.7997 and
            -1.5492).
          </p>
        )}
        <div className={styles.grid}>
          <TextField
            label="Address line 1"
            {...textFieldProps(address.address_line_1)}
            isRequired
            key={address.address_line_1.key}
          />
          <TextField
            label="Address line 2"
            {...textFieldProps(address.address_line_2)}
            isRequired={false}
            key={address.address_line_2.key}
          />
          <TextField label="City" {...textFieldProps(address.city)} isRequired key={address.city.key} />
          <TextField label="County" {...textFieldProps(address.county)} isRequired key={address.county.key} />
          <TextField
            label="Postcode"
            {...textFieldProps(address.postcode)}
            isRequired
            key={address.postcode.key}
          />
          <TextField
            label="Latitude"
            inputMode="decimal"
            className={styles.rowStart}
            {...textFieldProps(address.lat)}
            isRequired
            key={address.lat.key}
          />
          <TextField
            label="Longitude"
            inputMode="decimal"
            {...textFieldProps(address.lng)}
            isRequired
            key={address.lng.key}
          />
        </div>
      </fieldset>
      <OpeningTimesField form={form} meta={fields.opening_times} />
    </div>
  );
}
