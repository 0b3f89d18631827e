import type { PlaceResult } from './loadPlaces';

/** A UK postal address with its map position, as a form's address fields hold it. */
export interface PlaceAddress {
  address_line_1: string;
  /** The district or village when the post town is another place; empty otherwise. */
  address_line_2: string;
  city: string;
  county: string;
  postcode: string;
  lat: number;
  lng: number;
}

/** Six decimals place a point within about 10 cm: plenty for a map pin, and tidy to read. */
const coordinate = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The address of a place the user picked, or null when nothing was picked (Enter pressed on typed
 * text gives a place with only a name). UK places name their post town `postal_town`, and a
 * building without a street number (an office block, a retail park unit) as `premise`.
 */
export function addressFromPlace(place: PlaceResult): PlaceAddress | null {
  const location = place.geometry?.location;
  if (!location) return null;
  const part = (type: string) =>
    place.address_components?.find((component) => component.types.includes(type))?.long_name ?? '';

  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  const building = [part('subpremise'), part('premise')].filter(Boolean).join(', ');
  const firstLine = [building, street].filter(Boolean).join(', ') || (place.name ?? '');
  const city = part('postal_town') || part('locality');
  const district = part('sublocality_level_1') || part('sublocality') || part('locality');

  return {
    address_line_1: firstLine,
    address_line_2: district && district !== city ? district : '',
    city,
    county: part('administrative_area_level_2'),
    postcode: part('postal_code'),
    lat: coordinate(location.lat()),
    lng: coordinate(location.lng()),
  };
}
