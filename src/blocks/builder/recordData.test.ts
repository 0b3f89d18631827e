import { describe, expect, it } from 'vitest';
import { recordData } from './recordData';
import { pickerTime } from './settingsValues';

const draft = (slug: string) => ({ items: [], name: 'Home', slug, fields: {} });

describe('the data a builder saves', () => {
  it('sends the slug only when it asks for the homepage', () => {
    expect(recordData({}, draft('/'))).toEqual({ name: 'Home', items: [], slug: '/' });
    expect(recordData({}, draft('home'))).toEqual({ name: 'Home', items: [], slug: undefined });
    expect('slug' in recordData({}, draft('home'))).toBe(false);
  });

  it('sends a publish date only when the record is published, as the instant the editor picked', () => {
    const at = '2026-01-02T09:30';
    const sent = recordData({ published: 1, published_at: at }, draft('x')).published_at;
    // An instant the server reads the same whatever its own time zone, shown back as picked.
    expect(sent).toMatch(/^2026-01-0[12]T\d{2}:\d{2}:00\.000Z$/);
    expect(new Date(sent!).getHours()).toBe(9);
    expect(pickerTime(sent)).toBe(at);
    expect(recordData({ published: 0, published_at: at }, draft('x')).published_at).toBeNull();
    expect(recordData({ published: 1, published_at: '' }, draft('x')).published_at).toBeNull();
    expect('published_at' in recordData({ locked: 0 }, draft('x'))).toBe(false);
  });

  it('sends an unpublish time only when the record is published and one is set: a cleared one as null', () => {
    const at = '2026-01-09T18:00';
    const values = { published: 1 as const, published_at: '2026-01-02T09:30', unpublish_at: at };
    expect(pickerTime(recordData(values, draft('x')).unpublish_at)).toBe(at);
    expect(recordData({ ...values, unpublish_at: '' }, draft('x')).unpublish_at).toBeNull();
    expect(recordData({ ...values, published: 0 as const }, draft('x')).unpublish_at).toBeNull();
    expect('unpublish_at' in recordData({ published: 1, published_at: at }, draft('x'))).toBe(false);
  });

  it('shows a stored instant in the editor’s own time, and a time without an offset as written', () => {
    const stored = new Date(2026, 6, 2, 9, 30).toISOString();
    expect(pickerTime(stored)).toBe('2026-07-02T09:30');
    expect(pickerTime('2026-01-02 09:30:00')).toBe('2026-01-02T09:30');
    expect(pickerTime(null)).toBe('');
  });

  it('leaves a picked value that is not a time as typed, for the server to refuse under its field', () => {
    expect(recordData({ published: 1, published_at: 'soon' }, draft('x')).published_at).toBe('soon');
  });
});
