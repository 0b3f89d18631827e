import { useRef } from 'react';
import { Input } from 'react-aria-components';
import fieldStyles from '@/ui/Field.module.css';
import { TextFieldFrame } from '@/ui/TextField';
import styles from './AddressSearchField.module.css';
import type { PlaceAddress } from './address';
import { usePlacesAutocomplete } from './usePlacesAutocomplete';

interface AddressSearchFieldProps {
  /** The maps key; without one nothing loads and nothing shows. */
  apiKey: string | undefined;
  /** Called with each place picked; the fields it fills stay editable. */
  onPick: (address: PlaceAddress) => void;
}

/**
 * A search for a UK address with Google's place suggestions. It is not a form field (no name): it
 * only fills the address fields. When the search cannot load, a note says to type the address.
 */
export function AddressSearchField({ apiKey, onPick }: AddressSearchFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const status = usePlacesAutocomplete(inputRef, apiKey, onPick);
  if (status === 'off') return null;
  if (status === 'failed') {
    return (
      <p role="status" className={styles.note}>
        Address search is unavailable; enter the address by hand.
      </p>
    );
  }
  return (
    <TextFieldFrame
      label="Find the address"
      description="Pick a suggestion to fill in the address below; every field can still be changed."
    >
      <Input
        ref={inputRef}
        className={fieldStyles.control}
        placeholder="Start typing a street, postcode or business"
        autoComplete="off"
        // Enter picks a suggestion from the list; it must not submit the form around the field.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
    </TextFieldFrame>
  );
}
