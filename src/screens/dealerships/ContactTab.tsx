import type { ComponentType } from 'react';
import { Field } from '@/ui/Field';
import { CrmLeadsField } from './CrmLeadsField';
import styles from './DealershipForm.module.css';
import type { DealershipFields, DealershipFormMeta } from './form';
import { OpeningTimesField } from './OpeningTimesField';
import { AddressSearchField } from './places/AddressSearchField';
import type { PlaceAddress } from './places/address';

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

/** E-mail, telephone, address with its map position, opening times per department, and CRM leads. */
export function ContactTab({ form, fields, addressLookup }: ContactTabProps) {
  const address = fields.address.getFieldset();
  const Lookup = addressLookup ?? (import.meta.env.VITE_MAPS_KEY ? PlacesLookup : undefined);
  return (
    <div className={styles.stack}>
      <div className={styles.grid}>
        <Field field={fields.email} label="Email" type="email" autoComplete="off" />
        <Field field={fields.telephone} label="Telephone" type="tel" autoComplete="off" />
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
          <Field field={address.address_line_1} label="Address line 1" />
          <Field field={address.address_line_2} label="Address line 2" />
          <Field field={address.city} label="City" />
          <Field field={address.county} label="County" />
          <Field field={address.postcode} label="Postcode" />
          <Field field={address.lat} label="Latitude" inputMode="decimal" className={styles.rowStart} />
          <Field field={address.lng} label="Longitude" inputMode="decimal" />
        </div>
      </fieldset>
      <OpeningTimesField form={form} meta={fields.opening_times} />
      <CrmLeadsField form={form} fields={fields} />
    </div>
  );
}
