/**
 * The few parts of Google's places library (Maps JavaScript API) that the console uses, typed
 * here rather than through @types/google.maps: the library is loaded at run time, not installed.
 */
export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

/** A place as the Autocomplete widget gives it, with the fields asked for (see usePlacesAutocomplete). */
export interface PlaceResult {
  address_components?: AddressComponent[];
  geometry?: { location?: { lat(): number; lng(): number } };
  name?: string;
}

export interface AutocompleteOptions {
  componentRestrictions?: { country: string | string[] };
  fields?: string[];
}

export interface Autocomplete {
  addListener(eventName: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): PlaceResult;
}

/** `google.maps.places`. */
export interface PlacesApi {
  Autocomplete: new (input: HTMLInputElement, options?: AutocompleteOptions) => Autocomplete;
}

/** What the script sets on `window`, and the global hooks it calls. */
interface PlacesWindow {
  google?: { maps?: { places?: PlacesApi } };
  /** Called by the script when Google refuses the key (wrong key, API off, referrer not allowed). */
  gm_authFailure?: () => void;
  [READY]?: () => void;
}

const SCRIPT_ID = 'google-maps-places';
/** The script calls a global function by name once the places library is ready. */
const READY = 'consolePlacesReady';
/** Sent on `window` when Google refuses the key after the script has loaded. */
const REFUSED = 'places:refused';

const loads = new WeakMap<HTMLScriptElement, Promise<PlacesApi>>();

const placesWindow = () => window as unknown as PlacesWindow;

/**
 * Google's places library, loaded once: the first call adds the script (with `libraries=places`),
 * later calls share it. A script that fails to load is taken out again, so a later call retries.
 */
export function loadPlaces(key: string): Promise<PlacesApi> {
  const present = document.getElementById(SCRIPT_ID);
  const pending = present instanceof HTMLScriptElement ? loads.get(present) : undefined;
  if (present && pending) {
    return present.dataset.refused ? Promise.reject(new Error('The maps key was refused.')) : pending;
  }

  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://maps.googleapis.com/maps/api/js?${new URLSearchParams({
    key,
    libraries: 'places',
    loading: 'async',
    callback: READY,
  })}`;
  const target = placesWindow();
  const loaded = new Promise<PlacesApi>((resolve, reject) => {
    target[READY] = () => {
      const places = target.google?.maps?.places;
      if (places) resolve(places);
      else reject(new Error('The maps script has no places library.'));
    };
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('The maps script did not load.'));
    });
  });
  target.gm_authFailure = () => {
    script.dataset.refused = 'true';
    window.dispatchEvent(new Event(REFUSED));
  };
  loads.set(script, loaded);
  document.head.append(script);
  return loaded;
}

/** Calls `listener` if Google refuses the key after the library has loaded; returns the unsubscribe. */
export function onPlacesRefused(listener: () => void): () => void {
  window.addEventListener(REFUSED, listener);
  return () => window.removeEventListener(REFUSED, listener);
}
