import type { AddressComponent, Autocomplete, AutocompleteOptions, PlaceResult } from './loadPlaces';

/**
 * A stand-in for Google's maps script in component tests, where nothing may reach the network:
 * it answers the script tag loadPlaces adds, and plays the user picking a suggestion.
 */
export class FakeAutocomplete implements Autocomplete {
  static made: FakeAutocomplete[] = [];
  private listeners = new Set<() => void>();
  private place: PlaceResult = {};

  constructor(
    readonly input: HTMLInputElement,
    readonly options?: AutocompleteOptions,
  ) {
    FakeAutocomplete.made.push(this);
  }

  addListener(_eventName: 'place_changed', handler: () => void) {
    this.listeners.add(handler);
    return { remove: () => this.listeners.delete(handler) };
  }

  getPlace(): PlaceResult {
    return this.place;
  }

  /** What the widget does when a suggestion is chosen: it fetches the place, then tells its listeners. */
  choose(place: PlaceResult) {
    this.place = place;
    for (const listener of this.listeners) listener();
  }

  get listening() {
    return this.listeners.size;
  }
}

interface GoogleWindow {
  google?: unknown;
  gm_authFailure?: () => void;
  [callback: string]: unknown;
}

const scope = () => window as unknown as GoogleWindow;

/** The maps script tags in the page. */
export const mapsScripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script[src^="https://maps.googleapis.com/"]'));

function theScript(): HTMLScriptElement {
  const [script, ...others] = mapsScripts();
  if (!script || others.length) throw new Error(`Expected one maps script, found ${mapsScripts().length}`);
  return script;
}

/** The script "loads": `google.maps.places` appears and the script's callback is called. */
export function loadMapsScript() {
  const callback = new URL(theScript().src).searchParams.get('callback') ?? '';
  scope().google = { maps: { places: { Autocomplete: FakeAutocomplete } } };
  const ready = scope()[callback];
  if (typeof ready !== 'function') throw new Error(`No global callback ${callback}`);
  ready();
}

/** The script cannot be fetched (offline, blocked): its tag fires an error event. */
export function failMapsScript() {
  theScript().dispatchEvent(new Event('error'));
}

/** Google refuses the key after the script loaded: it calls the global gm_authFailure. */
export function refuseMapsKey() {
  scope().gm_authFailure?.();
}

export function resetFakePlaces() {
  for (const script of mapsScripts()) script.remove();
  delete scope().google;
  delete scope().gm_authFailure;
  FakeAutocomplete.made = [];
}

/** An address component as Google sends it. */
export const component = (long_name: string, types: string[], short_name = long_name): AddressComponent => ({
  long_name,
  short_name,
  types,
});

/** A place's map position, with the LatLng methods Google's object has. */
export const at = (lat: number, lng: number) => ({ location: { lat: () => lat, lng: () => lng } });
