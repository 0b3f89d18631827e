import { describe, expect, it } from 'vitest';
import { addressFromPlace } from './address';
import { at, component } from './fakePlaces';

const england = component('England', ['administrative_area_level_1', 'political'], 'England');
const uk = component('United Kingdom', ['country', 'political'], 'GB');

describe('addressFromPlace', () => {
  it('reads a street address with its post town, county and postcode', () => {
    const place = {
      name: '1 Kirkstall Road',
      address_components: [
        component('1', ['street_number']),
        component('Kirkstall Road', ['route'], 'Kirkstall Rd'),
        component('Leeds', ['postal_town']),
        component('West Yorkshire', ['administrative_area_level_2', 'political']),
        england,
        uk,
        component('LS3 1LH', ['postal_code']),
      ],
      geometry: at(53.799712899999996, -1.5637781),
    };
    expect(addressFromPlace(place)).toEqual({
      address_line_1: '1 Kirkstall Road',
      address_line_2: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS3 1LH',
      lat: 53.799713,
      lng: -1.563778,
    });
  });

  it('puts a building without a street number before its road, and the village on line 2', () => {
    const place = {
      name: 'Rawdon Park',
      address_components: [
        component('Unit 4', ['subpremise']),
        component('Rawdon Park', ['premise']),
        component('Green Lane', ['route'], 'Green Ln'),
        component('Yeadon', ['locality', 'political']),
        component('Leeds', ['postal_town']),
        component('West Yorkshire', ['administrative_area_level_2', 'political']),
        england,
        uk,
        component('LS19 7BA', ['postal_code']),
      ],
      geometry: at(53.8654, -1.6851),
    };
    expect(addressFromPlace(place)).toMatchObject({
      address_line_1: 'Unit 4, Rawdon Park, Green Lane',
      address_line_2: 'Yeadon',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS19 7BA',
    });
  });

  it('leaves line 2 empty when the locality is the post town itself', () => {
    const place = {
      address_components: [
        component('221B', ['street_number']),
        component('Baker Street', ['route'], 'Baker St'),
        component('London', ['locality', 'political']),
        component('London', ['postal_town']),
        component('Greater London', ['administrative_area_level_2', 'political']),
        england,
        uk,
        component('NW1 6XE', ['postal_code']),
      ],
      geometry: at(51.5237629, -0.1584743),
    };
    expect(addressFromPlace(place)).toMatchObject({
      address_line_1: '221B Baker Street',
      address_line_2: '',
      city: 'London',
      county: 'Greater London',
    });
  });

  it('takes the town from the locality where a place has no post town', () => {
    const place = {
      address_components: [
        component('Station Road', ['route']),
        component('Harrogate', ['locality', 'political']),
        component('North Yorkshire', ['administrative_area_level_2', 'political']),
        component('HG1 1TE', ['postal_code']),
      ],
      geometry: at(53.9929, -1.5376),
    };
    expect(addressFromPlace(place)).toMatchObject({
      address_line_1: 'Station Road',
      address_line_2: '',
      city: 'Harrogate',
    });
  });

  it("uses a business's street address, and its name only when it has no building or street", () => {
    const town = [
      component('Leeds', ['postal_town']),
      component('West Yorkshire', ['administrative_area_level_2', 'political']),
      component('LS11 5QN', ['postal_code']),
    ];
    const withStreet = {
      name: 'Northway Kia Leeds',
      address_components: [
        component('250', ['street_number']),
        component('Dewsbury Road', ['route']),
        ...town,
      ],
      geometry: at(53.7742, -1.5436),
    };
    expect(addressFromPlace(withStreet)?.address_line_1).toBe('250 Dewsbury Road');
    const nameOnly = { name: 'Northway Kia Leeds', address_components: town, geometry: at(53.7742, -1.5436) };
    expect(addressFromPlace(nameOnly)?.address_line_1).toBe('Northway Kia Leeds');
  });

  it('gives nothing for typed text that was not picked from the suggestions', () => {
    expect(addressFromPlace({ name: 'kirkstall road' })).toBeNull();
  });

  it('leaves the parts Google does not know empty, for the user to type', () => {
    const place = { address_components: [component('Dewsbury Road', ['route'])], geometry: at(53.77, -1.54) };
    expect(addressFromPlace(place)).toEqual({
      address_line_1: 'Dewsbury Road',
      address_line_2: '',
      city: '',
      county: '',
      postcode: '',
      lat: 53.77,
      lng: -1.54,
    });
  });
});
