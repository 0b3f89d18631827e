import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import { formFromDraft } from './previewForm';

const input = (index: string, fields: Record<string, string>, hidden = false): PageItem =>
  ({
    index,
    name: index,
    hidden,
    hideable: { item: true, sections: [] },
    sections: { settings: { hidden: false, fields, entries: [] } },
  }) as PageItem;

describe('the form preview', () => {
  it('asks the draft’s visible questions, as a visitor sees them', () => {
    const form = formFromDraft(
      {
        items: [
          input('input_text', { label: 'Your name', required: '1', placeholder: 'Jo Bloggs' }),
          input('input_email', { label: 'Old e-mail' }, true),
          input('input_dealership', { label: 'Branch' }),
        ],
        name: 'Test drive',
        handle: 'test-drive',
        thankYou: { title: 'Thanks', description: '' },
        brandSlug: null,
      },
      [
        {
          id: 7,
          name: 'Leeds',
          slug: 'leeds',
          brand: null,
          email: 'leeds@example.com',
          telephone: '0113 000 0000',
          address: {} as never,
          opening_times: [],
        },
      ],
    );
    expect(form.name).toBe('Test drive');
    expect(form.questions.map((q) => [q.label, q.type, q.required])).toEqual([
      ['Your name', 'text', true],
      ['Branch', 'dealership', false],
    ]);
    expect(form.questions[0]!.placeholder).toBe('Jo Bloggs');
    // The id, as responses/submit takes the answer.
    expect(form.questions[1]!.options).toEqual([{ value: '7', label: 'Leeds' }]);
  });

  it('offers a brand-only picker the dealerships of the form’s brand, as the submission checks them', () => {
    const dealership = (id: number, name: string, brand: string | null) => ({
      id,
      name,
      slug: name.toLowerCase(),
      brand: brand ? { name: brand, slug: brand.toLowerCase(), logo: null, logo_url: null } : null,
      email: '',
      telephone: '',
      address: {} as never,
      opening_times: [],
    });
    const dealerships = [
      dealership(1, 'Leeds', 'Kia'),
      dealership(2, 'York', 'Skoda'),
      dealership(3, 'Hull', null),
    ];
    const picker = (settings: Record<string, string>, brandSlug: string | null) =>
      formFromDraft(
        {
          items: [input('input_dealership', { label: 'Branch', ...settings })],
          name: 'Test drive',
          handle: 'test-drive',
          thankYou: { title: 'Thanks', description: '' },
          brandSlug,
        },
        dealerships,
      ).questions[0]!.options!.map((option) => option.label);
    expect(picker({ brand: 'brand' }, 'kia')).toEqual(['Leeds']);
    expect(picker({ brand: 'brand' }, null)).toEqual(['Leeds', 'York', 'Hull']);
    expect(picker({}, 'kia')).toEqual(['Leeds', 'York', 'Hull']);
  });
});
