// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { PageItem } from '@/api/contract/blocks';
import { type AnswerContext, keyOf, type PickedDealership, questionsOf, submissionSchema } from './answers';
import { FORM_BLOCKS } from './catalogue';
import { blankItem } from './items';

/** An input block as the builder places it, with some settings filled in. */
function block(index: string, settings: Record<string, string>, options: [string, string][] = []): PageItem {
  const item = blankItem(index, FORM_BLOCKS[index]!);
  item.sections.settings!.fields = { ...item.sections.settings!.fields, ...settings };
  if (options.length > 0) {
    item.sections.options!.entries = options.map(([value, label]) => ({
      opened: false,
      fields: { value, label },
    }));
  }
  return item;
}

const LEEDS: PickedDealership = { id: 7, name: 'Northway Leeds', email: 'leeds@example.com', brandId: 2 };
const context = (brandId: number | null = null): AnswerContext => ({
  brandId,
  findDealership: async (id) => (id === LEEDS.id ? LEEDS : null),
});

async function errorsOf(items: PageItem[], fields: Record<string, unknown>, brandId: number | null = null) {
  const result = await submissionSchema(questionsOf(items), context(brandId)).safeParseAsync(fields);
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.') || 'form', issue.message]),
  );
}

describe('the questions of a form', () => {
  it('asks each visible input block in order, under its field name or one made from its label', () => {
    const items = [
      block('input_text', { label: 'Full name', name: '', required: '1' }),
      block('input_email', { label: 'Email', name: 'email' }),
      block('input_email', { label: 'Email', name: 'email' }),
      block('input_consent', { statement: '**I agree** to the terms.' }),
      { ...block('input_text', { label: 'Hidden' }), hidden: true },
      blankItem('rich_text', { name: 'Rich text', hideable: { item: true, sections: [] }, sections: {} }),
      block('input_date', { label: '2nd visit' }),
    ];
    expect(questionsOf(items).map((q) => [q.key, q.label, q.kind, q.required])).toEqual([
      ['full_name', 'Full name', 'text', true],
      ['email', 'Email', 'email', false],
      ['email_2', 'Email', 'email', false],
      ['i_agree_to_the_terms', 'I agree to the terms.', 'consent', false],
      ['field_2nd_visit', '2nd visit', 'date', false],
    ]);
  });

  it('makes keys of lowercase letters, digits and underscores only', () => {
    expect(keyOf(' Post Code! ')).toBe('post_code');
    expect(keyOf('__proto__')).toBe('proto');
    expect(keyOf('2024')).toBe('field_2024');
    expect(keyOf('***')).toBe('');
  });

  it('skips blocks that are not input blocks or cannot be read', () => {
    expect(questionsOf([null, 'text', { index: 'input_text' }, { index: 'nope', name: 'x' }])).toEqual([]);
  });
});

describe('a submission checked against the questions', () => {
  const select = block('input_select', { label: 'Service', name: 'service', required: '1' }, [
    ['full', 'Full service'],
    ['interim', 'Interim service'],
  ]);

  it('keeps trimmed text, the chosen option label, a tick and the dealership picked', async () => {
    const items = [
      block('input_text', { label: 'Name', name: 'name', required: '1' }),
      select,
      block('input_consent', { statement: 'Yes', name: 'ok' }),
      block('input_dealership', { label: 'Dealership', name: 'dealership' }),
      block('input_registration', { label: 'Reg', name: 'reg' }),
    ];
    const parsed = await submissionSchema(questionsOf(items), context()).parseAsync({
      name: '  Ada  ',
      service: 'interim',
      ok: 'on',
      dealership: '7',
      reg: 'ab12  cde',
    });
    expect(parsed).toEqual({
      name: 'Ada',
      service: 'Interim service',
      ok: true,
      dealership: LEEDS,
      reg: 'AB12 CDE',
    });
  });

  it('names each field a visitor got wrong', async () => {
    const items = [
      block('input_text', { label: 'Name', name: 'name', required: '1' }),
      block('input_email', { label: 'Email', name: 'email', required: '1' }),
      block('input_telephone', { label: 'Phone', name: 'phone' }),
      select,
      block('input_consent', { statement: 'Terms', name: 'terms', required: '1' }),
      block('input_dealership', { label: 'Dealership', name: 'dealership', required: '1' }),
      block('input_date', { label: 'Day', name: 'day', earliest: '2026-09-01', latest: '2026-09-30' }),
      block('input_registration', { label: 'Reg', name: 'reg' }),
    ];
    expect(
      await errorsOf(items, {
        name: ' ',
        email: 'a@',
        phone: '12',
        service: 'gold',
        terms: false,
        dealership: 8,
        day: '2026-10-01',
        reg: '!!',
        extra: 1,
      }),
    ).toEqual({
      name: 'This field is required.',
      email: 'Enter a valid e-mail address.',
      phone: 'Enter a valid telephone number.',
      service: 'Choose one of the options.',
      terms: 'Tick the box to agree.',
      dealership: 'Choose a dealership.',
      day: 'Choose a date on or before 30 Sep 26.',
      reg: 'Enter a valid registration number.',
      form: 'This form does not ask for that.',
    });
    expect(await errorsOf(items, {})).toMatchObject({
      name: 'This field is required.',
      email: 'This field is required.',
      service: 'Choose one of the options.',
      terms: 'Tick the box to agree.',
      dealership: 'Choose a dealership.',
    });
  });

  it("offers a brand-only picker's dealerships of the form's brand alone", async () => {
    const items = [block('input_dealership', { label: 'Dealership', name: 'dealership', brand: 'brand' })];
    expect(await errorsOf(items, { dealership: 7 }, 2)).toEqual({});
    expect(await errorsOf(items, { dealership: 7 }, 3)).toEqual({ dealership: 'Choose a dealership.' });
  });

  it('leaves optional questions empty as null, and an unticked box as false', async () => {
    const items = [
      block('input_text', { label: 'Note', name: 'note' }),
      block('input_consent', { statement: 'News', name: 'news' }),
      block('input_date', { label: 'Day', name: 'day' }),
    ];
    const parsed = await submissionSchema(questionsOf(items), context()).parseAsync({ note: '   ' });
    expect(parsed).toEqual({ note: null, news: false, day: null });
  });
});
