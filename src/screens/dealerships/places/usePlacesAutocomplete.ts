import { type RefObject, useEffect, useRef, useState } from 'react';
import { addressFromPlace, type PlaceAddress } from './address';
import { type AutocompleteOptions, loadPlaces, onPlacesRefused } from './loadPlaces';

/** UK addresses only, and only the parts the address fields need (Google bills by field). */
const options: AutocompleteOptions = {
  componentRestrictions: { country: 'gb' },
  fields: ['address_components', 'geometry', 'name'],
};

/** off: no key, nothing loads; failed: the script or the key failed, so addresses are typed by hand. */
export type PlacesStatus = 'off' | 'loading' | 'ready' | 'failed';

/**
 * Turns `inputRef`'s input into a places search once Google's library has loaded with `key`, and
 * calls `onPlace` with the address of each place picked from its suggestions. Without a key
 * nothing is loaded.
 */
export function usePlacesAutocomplete(
  inputRef: RefObject<HTMLInputElement | null>,
  key: string | undefined,
  onPlace: (address: PlaceAddress) => void,
): PlacesStatus {
  const [status, setStatus] = useState<Exclude<PlacesStatus, 'off'>>('loading');
  // The latest callback, so a parent's re-render does not rebuild the widget.
  const latest = useRef(onPlace);
  latest.current = onPlace;

  useEffect(() => {
    if (!key) return;
    let active = true;
    let listener: { remove(): void } | undefined;
    setStatus('loading');
    loadPlaces(key).then(
      (places) => {
        const input = inputRef.current;
        if (!active || !input) return;
        const autocomplete = new places.Autocomplete(input, options);
        listener = autocomplete.addListener('place_changed', () => {
          const address = addressFromPlace(autocomplete.getPlace());
          if (address) latest.current(address);
        });
        setStatus('ready');
      },
      () => {
        if (active) setStatus('failed');
      },
    );
    const stopWatching = onPlacesRefused(() => setStatus('failed'));
    return () => {
      active = false;
      listener?.remove();
      stopWatching();
    };
  }, [key, inputRef]);

  return key ? status : 'off';
}
