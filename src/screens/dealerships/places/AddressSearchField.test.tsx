import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressSearchField } from './AddressSearchField';
import {
  at,
  component,
  FakeAutocomplete,
  failMapsScript,
  loadMapsScript,
  mapsScripts,
  refuseMapsKey,
  resetFakePlaces,
} from './fakePlaces';

afterEach(() => resetFakePlaces());

const note = 'Address search is unavailable; enter the address by hand.';

const kirkstallRoad = {
  name: '1 Kirkstall Road',
  address_components: [
    component('1', ['street_number']),
    component('Kirkstall Road', ['route']),
    component('Leeds', ['postal_town']),
    component('West Yorkshire', ['administrative_area_level_2', 'political']),
    component('LS3 1LH', ['postal_code']),
  ],
  geometry: at(53.7997, -1.5637),
};

/** The search, with the places library loaded and attached to its input. */
async function readySearch(onPick = vi.fn()) {
  const view = render(<AddressSearchField apiKey="test-key" onPick={onPick} />);
  loadMapsScript();
  await waitFor(() => expect(FakeAutocomplete.made).toHaveLength(1));
  const autocomplete = FakeAutocomplete.made[0] as FakeAutocomplete;
  return { ...view, autocomplete, onPick };
}

describe('AddressSearchField', () => {
  it('loads nothing and shows nothing without a maps key', () => {
    const { container, rerender } = render(<AddressSearchField apiKey={undefined} onPick={vi.fn()} />);
    rerender(<AddressSearchField apiKey="" onPick={vi.fn()} />);
    expect(container.textContent).toBe('');
    expect(mapsScripts()).toHaveLength(0);
    expect('google' in window).toBe(false);
  });

  it("loads Google's places library with the key and attaches UK address search to the input", async () => {
    render(<AddressSearchField apiKey="test-key" onPick={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Find the address' });
    const [script] = mapsScripts();
    const query = new URL(script?.src ?? '').searchParams;
    expect(query.get('key')).toBe('test-key');
    expect(query.get('libraries')).toBe('places');

    loadMapsScript();
    await waitFor(() => expect(FakeAutocomplete.made).toHaveLength(1));
    expect(FakeAutocomplete.made[0]?.input).toBe(input);
    expect(FakeAutocomplete.made[0]?.options).toEqual({
      componentRestrictions: { country: 'gb' },
      fields: ['address_components', 'geometry', 'name'],
    });
  });

  it('adds the script once however many searches show', async () => {
    render(
      <>
        <AddressSearchField apiKey="test-key" onPick={vi.fn()} />
        <AddressSearchField apiKey="test-key" onPick={vi.fn()} />
      </>,
    );
    expect(mapsScripts()).toHaveLength(1);
    loadMapsScript();
    await waitFor(() => expect(FakeAutocomplete.made).toHaveLength(2));
    expect(mapsScripts()).toHaveLength(1);
  });

  it('gives the address of the place picked from the suggestions', async () => {
    const { autocomplete, onPick } = await readySearch();
    autocomplete.choose(kirkstallRoad);
    expect(onPick).toHaveBeenCalledExactlyOnceWith({
      address_line_1: '1 Kirkstall Road',
      address_line_2: '',
      city: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS3 1LH',
      lat: 53.7997,
      lng: -1.5637,
    });
  });

  it('gives nothing when Enter is pressed on typed text, and does not submit the form around it', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onPick = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <AddressSearchField apiKey="test-key" onPick={onPick} />
        <button type="submit">Save</button>
      </form>,
    );
    loadMapsScript();
    await waitFor(() => expect(FakeAutocomplete.made).toHaveLength(1));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Find the address' }), 'kirkstall{Enter}');
    FakeAutocomplete.made[0]?.choose({ name: 'kirkstall' });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('says to type the address by hand when the script cannot load, and tries again next time', async () => {
    const { unmount } = render(<AddressSearchField apiKey="test-key" onPick={vi.fn()} />);
    failMapsScript();
    expect((await screen.findByRole('status')).textContent).toBe(note);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(mapsScripts()).toHaveLength(0);

    unmount();
    render(<AddressSearchField apiKey="test-key" onPick={vi.fn()} />);
    expect(mapsScripts()).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Find the address' })).toBeTruthy();
  });

  it('says to type the address by hand when Google refuses the key, then and on the next visit', async () => {
    const { unmount } = await readySearch();
    refuseMapsKey();
    expect((await screen.findByRole('status')).textContent).toBe(note);

    unmount();
    render(<AddressSearchField apiKey="test-key" onPick={vi.fn()} />);
    expect((await screen.findByRole('status')).textContent).toBe(note);
  });

  it('stops listening for picks once it is gone', async () => {
    const { autocomplete, onPick, unmount } = await readySearch();
    unmount();
    expect(autocomplete.listening).toBe(0);
    autocomplete.choose(kirkstallRoad);
    expect(onPick).not.toHaveBeenCalled();
  });
});
