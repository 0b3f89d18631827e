import { describe, expect, it } from 'vitest';
import { choice, dateOnly, dateTime, formattedText, labelOf, patternOf, viewOf, yesNo } from './fieldViews';

describe('formattedText', () => {
  it('reads every way a flag is stored or posted as Yes or No', () => {
    for (const value of [true, 1, '1', 'true', 'on']) expect(formattedText(value, yesNo)).toBe('Yes');
    for (const value of [false, 0, '0', 'false', 'off', '', null, undefined])
      expect(formattedText(value, yesNo)).toBe('No');
  });

  it('writes dates and times as the console does, and keeps what is no date as it is', () => {
    expect(formattedText('2026-03-05', dateOnly)).toBe('5 Mar 26');
    expect(formattedText('2026-09-05T09:07', dateTime)).toBe('5 Sep 26, 09:07');
    expect(formattedText(new Date(2026, 0, 2, 18, 4).toISOString(), dateTime)).toBe('2 Jan 26, 18:04');
    expect(formattedText('', dateTime)).toBe('');
    expect(formattedText(null, dateOnly)).toBe('');
    expect(formattedText('next week', dateOnly)).toBe('next week');
  });

  it('names a choice by its option, whether the id comes as a number or as text', () => {
    const brands = choice([
      { id: 0, name: 'None' },
      { id: 3, name: 'Kia' },
    ]);
    expect(formattedText(3, brands)).toBe('Kia');
    expect(formattedText('3', brands)).toBe('Kia');
    expect(formattedText(0, brands)).toBe('None');
    // No choice at all is the select's 'None', where it has one.
    expect(formattedText(null, brands)).toBe('None');
    expect(formattedText('', brands)).toBe('None');
    expect(formattedText(null, choice([{ id: 3, name: 'Kia' }]))).toBe('');
    expect(formattedText(null, choice([{ id: 3, name: 'Kia' }], 'No brand'))).toBe('No brand');
    // An id the list no longer has is not passed off as a name.
    expect(formattedText(9, brands)).toBe('Unknown (9)');
  });

  it('formats each value of a plain list, and leaves lists of entries and objects to the caller', () => {
    const sizes = choice([
      { id: 's', name: 'Small' },
      { id: 'l', name: 'Large' },
    ]);
    expect(formattedText(['s', 'l'], sizes)).toBe('Small, Large');
    expect(formattedText([{ id: 's' }], sizes)).toBeNull();
    expect(formattedText({ id: 's' }, sizes)).toBeNull();
  });
});

describe('labelOf', () => {
  const views = {
    brand_id: { label: 'Brand' },
    'meta.title': { label: 'Meta title' },
    address: { label: 'Address' },
    'team.*': { label: 'Team member {n}' },
    'opening_times.*.days': { label: 'Department {n}' },
    'slides.*.*': { label: 'Slide {n}, picture {n}' },
  };

  it('labels a field as its view says, by path or by pattern', () => {
    expect(labelOf(views, 'brand_id')).toBe('Brand');
    expect(labelOf(views, 'meta.title')).toBe('Meta title');
    expect(viewOf(views, 'team.3')).toEqual({ label: 'Team member {n}' });
    expect(patternOf('team.3.image.0')).toBe('team.*.image.*');
  });

  it('labels the rest of a path below a labelled part in words, list places from 1', () => {
    expect(labelOf(views, 'address.address_line_1')).toBe('Address › Address line 1');
    expect(labelOf(views, 'team.1.name')).toBe('Team member 2 › Name');
    expect(labelOf(views, 'opening_times.0.days.monday')).toBe('Department 1 › Monday');
    expect(labelOf(views, 'slides.2.0')).toBe('Slide 3, picture 1');
  });

  it('puts a path without a view in words', () => {
    expect(labelOf(views, 'meta.og_title')).toBe('Meta › Og title');
    expect(labelOf({}, 'lcv_manufacturer_id')).toBe('Lcv manufacturer id');
    expect(labelOf({}, 'team.0.name')).toBe('Team › 1 › Name');
  });
});
