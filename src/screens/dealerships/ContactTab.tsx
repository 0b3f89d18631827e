import type { ComponentType } from 'react';
import { textFieldProps } from '@/ui/formProps';
import { AddressSearchField } from '@/ui/places/AddressSearchField';
import type { PlaceAddress } from '@/ui/places/address';
import { TextField } from '@/ui/TextField';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipFormMeta } from './form';
import { OpeningTimesField } from './OpeningTimesField';

/**
 * A places search that fills in the address. One is plugged in where a maps API key is
 * configured; without one the address, latitude and longitude are typed by hand.
 */
export type AddressLookup = ComponentType<{ onPick: (address: PlaceAddress) => void }>;

/**
 * Google's places search with the maps key set at build time (spec §9). Vite writes the key in
 * where `import.meta.env` is read, so a build without one leaves this search out altogether.
 */
function PlacesLookup({ onPick }: { onPick: (address: PlaceAddress) => void }) {
  return <AddressSearchField apiKey={import.meta.env.VITE_MAPS_KEY as string | undefined} onPick={onPick} />;
}

interface ContactTabProps {
  form: DealershipFormMeta;
  fields: DealershipFields;
  addressLookup?: AddressLookup;
}

/** E-mail, telephone, address with its map position, and opening times per department. */
export function ContactTab({ form, fields, addressLookup }: ContactTabProps) {
  const address = fields.address.getFieldset();
  const Lookup = addressLookup ?? (import.meta.env.VITE_MAPS_KEY ? PlacesLookup : undefined);
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
