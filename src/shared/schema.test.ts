// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PageItem, pageItem } from '@/api/contract/blocks';
import type { BuilderField, BuilderItem } from '@/api/contract/builder';
import { CATALOGUE } from './catalogue';
import { blankItem } from './items';
import { isIsoDate, MAX_LENGTH, validateItems } from './schema';

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const storedFile = fc.record({
  path: fc.stringMatching(/^[0-9a-f]{8}$/).map((name) => `/storage/builder/${name}.png`),
  name: fc.string({ maxLength: 40 }),
});

function validValue(field: BuilderField): fc.Arbitrary<unknown> {
  switch (field.type) {
    case 'text':
      return fc.string({ maxLength: MAX_LENGTH.text });
    case 'textarea':
      return fc.string({ maxLength: 400 });
    case 'trix':
      return fc.string({ maxLength: 400 });
    case 'select':
      return fc.constantFrom('', ...(field.options ?? []).map((o) => o.value));
    case 'date':
      return fc.oneof(fc.constant(''), isoDate);
    case 'files':
      return fc.array(storedFile, { maxLength: field.max ?? 1 });
  }
}

const fieldsOf = (fields: Record<string, BuilderField>) =>
  fc.record(Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, validValue(field)])));

function validItem(index: string, definition: BuilderItem): fc.Arbitrary<PageItem> {
  const hideable = new Set(definition.hideable.sections);
  const sections = Object.fromEntries(
    Object.entries(definition.sections).map(([key, section]) => [
      key,
      fc.record({
        hidden: hideable.has(key) ? fc.boolean() : fc.constant(false),
        fields: section.repeatable ? fc.constant({}) : fieldsOf(section.fields),
        entries: section.repeatable
          ? fc.array(fc.record({ opened: fc.boolean(), fields: fieldsOf(section.fields) }), { maxLength: 4 })
          : fc.constant([]),
      }),
    ]),
  );
  return fc.record({
    index: fc.constant(index),
    name: fc.string({ minLength: 1, maxLength: 50 }).filter((name) => name.trim() !== ''),
    hideable: fc.constant({ item: definition.hideable.item, sections: [...definition.hideable.sections] }),
    hidden: definition.hideable.item ? fc.boolean() : fc.constant(false),
    sections: fc.record(sections),
  }) as fc.Arbitrary<PageItem>;
}

const anyItem = fc.oneof(
  ...Object.entries(CATALOGUE).map(([index, definition]) => validItem(index, definition)),
);
const items = fc.array(anyItem, { minLength: 1, maxLength: 8 });

/** Every (item, section, field) of a type in the catalogue, to aim a mutation at. */
const targets = (type: BuilderField['type']) =>
  Object.entries(CATALOGUE).flatMap(([index, item]) =>
    Object.entries(item.sections).flatMap(([sectionKey, section]) =>
      Object.entries(section.fields)
        .filter(([, field]) => field.type === type)
        .map(([fieldKey, field]) => ({ index, sectionKey, section, fieldKey, field })),
    ),
  );

type Target = ReturnType<typeof targets>[number];

/** Places a bad value at a target field of a fresh item; answers the list and the field's path. */
function plant(list: PageItem[], at: number, target: Target, value: unknown) {
  const definition = CATALOGUE[target.index] as BuilderItem;
  const item = structuredClone(blankItem(target.index, definition));
  const section = item.sections[target.sectionKey];
  if (!section) throw new Error('blank item lacks a section');
  let path: string;
  if (target.section.repeatable) {
    section.entries = [{ opened: true, fields: {} }];
    (section.entries[0] as { fields: Record<string, unknown> }).fields[target.fieldKey] = value;
    path = `sections.${target.sectionKey}.entries.0.fields.${target.fieldKey}`;
  } else {
    (section.fields as Record<string, unknown>)[target.fieldKey] = value;
    path = `sections.${target.sectionKey}.fields.${target.fieldKey}`;
  }
  const position = Math.min(at, list.length);
  const next = [...list.slice(0, position), item, ...list.slice(position)];
  return { next, path: `data.items.${position}.${path}` };
}

describe('validateItems', () => {
  it('accepts every generated item that keeps to its definition, and the page contract accepts it too', () => {
    fc.assert(
      fc.property(items, (list) => {
        expect(validateItems(list, CATALOGUE)).toEqual({ errors: {}, unknown: [] });
        for (const item of list) expect(pageItem.safeParse(item).success).toBe(true);
      }),
    );
  });

  it('refuses a select value outside its options at the field path', () => {
    fc.assert(
      fc.property(
        items,
        fc.nat(),
        fc.constantFrom(...targets('select')),
        fc.string({ minLength: 1 }),
        (list, at, target, value) => {
          fc.pre(!(target.field.options ?? []).some((o) => o.value === value));
          const { next, path } = plant(list, at, target, value);
          expect(validateItems(next, CATALOGUE).errors).toEqual({ [path]: 'Choose one of the options.' });
        },
      ),
    );
  });

  it('refuses more files than the field allows at the field path', () => {
    fc.assert(
      fc.property(
        items,
        fc.nat(),
        fc.constantFrom(...targets('files')),
        fc.integer({ min: 1, max: 5 }),
        (list, at, target, extra) => {
          const max = target.field.max ?? 1;
          const files = Array.from({ length: max + extra }, (_, i) => ({
            path: `/storage/builder/f${i}.png`,
            name: 'f.png',
          }));
          const { next, path } = plant(list, at, target, files);
          expect(validateItems(next, CATALOGUE).errors[path]).toMatch(/^Pick at most \d+ images?\.$/);
          const exact = plant(list, at, target, files.slice(0, max));
          expect(validateItems(exact.next, CATALOGUE).errors).toEqual({});
        },
      ),
    );
  });

  it('refuses a date that is not a calendar day written YYYY-MM-DD at the field path', () => {
    const badDate = fc.oneof(
      fc.constantFrom('2025-02-30', '2025-13-01', '2024-00-10', '31/12/2025', '2025-1-1', 'tomorrow'),
      fc.string({ minLength: 1 }).filter((s) => !isIsoDate(s)),
    );
    fc.assert(
      fc.property(
        items,
        fc.nat(),
        fc.constantFrom(...targets('date')),
        badDate,
        (list, at, target, value) => {
          const { next, path } = plant(list, at, target, value);
          expect(validateItems(next, CATALOGUE).errors).toEqual({ [path]: 'Enter a valid date.' });
        },
      ),
    );
  });

  it('refuses text longer than its field keeps', () => {
    const target = targets('text')[0] as Target;
    const { next, path } = plant([], 0, target, 'x'.repeat(MAX_LENGTH.text + 1));
    expect(validateItems(next, CATALOGUE).errors).toEqual({ [path]: 'Use at most 255 characters.' });
  });

  it('refuses hiding an item or a section its definition does not let hide', () => {
    const video = { ...blankItem('video', CATALOGUE.video as BuilderItem) };
    const hero = blankItem('hero', CATALOGUE.hero as BuilderItem);
    const heroSlidesHidden = {
      ...hero,
      hidden: true,
      sections: {
        ...hero.sections,
        slides: { hidden: true, fields: {}, entries: [] },
        button: { hidden: true, fields: {}, entries: [] },
      },
    };
    const noHideVideo = { ...video, hideable: { item: false, sections: [] } };
    expect(validateItems([heroSlidesHidden, noHideVideo], CATALOGUE).errors).toEqual({
      'data.items.0.sections.slides.hidden': 'This cannot be hidden.',
    });
    const fixed: BuilderItem = { name: 'Fixed', hideable: { item: false, sections: [] }, sections: {} };
    const hiddenFixed = { ...blankItem('fixed', fixed), hidden: true };
    expect(validateItems([hiddenFixed], { fixed }).errors).toEqual({
      'data.items.0.hidden': 'This cannot be hidden.',
    });
  });

  it('keeps an item of an unknown block type and reports its position without an error', () => {
    const gone = {
      index: 'retired_block',
      name: 'Old',
      hidden: false,
      sections: {},
      hideable: { item: false, sections: [] },
    };
    const rich = blankItem('rich_text', CATALOGUE.rich_text as BuilderItem);
    const proto = { ...gone, index: '__proto__' };
    expect(validateItems([rich, gone, proto], CATALOGUE)).toEqual({ errors: {}, unknown: [1, 2] });
  });

  it('accepts every blank item the catalogue places', () => {
    const blanks = Object.entries(CATALOGUE).map(([index, definition]) => blankItem(index, definition));
    expect(validateItems(blanks, CATALOGUE)).toEqual({ errors: {}, unknown: [] });
  });
});

describe('isIsoDate', () => {
  it('knows leap days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
  });
});
