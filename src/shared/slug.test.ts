// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { slug } from '@/api/contract/common';
import { slugify } from './slug';

describe('slugify', () => {
  it('joins the words of a name with hyphens and drops accents but keeps their letters', () => {
    expect(slugify('Citroën UK')).toBe('citroen-uk');
    expect(slugify('Example Motors – Leeds (North)')).toBe('example-motors-leeds-north');
  });

  it('spells out an ampersand', () => {
    expect(slugify('Sales & Service')).toBe('sales-and-service');
  });

  it('makes a slug the API accepts from a long name, cut without a trailing hyphen', () => {
    const suggested = slugify(`${'a'.repeat(254)} b`);
    expect(suggested).toBe('a'.repeat(254));
    expect(slug.safeParse(suggested).success).toBe(true);
  });

  it('suggests nothing for a name without letters or numbers', () => {
    expect(slugify(' – ')).toBe('');
  });
});
