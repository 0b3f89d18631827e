import { describe, expect, it } from 'vitest';
import { recordData } from './recordData';

const draft = (slug: string) => ({ items: [], name: 'Home', slug, fields: {} });

describe('the data a builder saves', () => {
  it('sends the slug only when it asks for the homepage', () => {
    expect(recordData({}, draft('/'))).toEqual({ name: 'Home', items: [], slug: '/' });
    expect(recordData({}, draft('home'))).toEqual({ name: 'Home', items: [], slug: undefined });
    expect('slug' in recordData({}, draft('home'))).toBe(false);
  });

  it('sends a publish date only when the record is published', () => {
    const at = '2026-01-02T09:30';
    expect(recordData({ published: 1, published_at: at }, draft('x')).published_at).toBe(at);
    expect(recordData({ published: 0, published_at: at }, draft('x')).published_at).toBeNull();
    expect(recordData({ published: 1, published_at: '' }, draft('x')).published_at).toBeNull();
    expect('published_at' in recordData({ locked: 0 }, draft('x'))).toBe(false);
  });

  it('sends an unpublish time only when the record is published and one is set: a cleared one as null', () => {
    const at = '2026-01-09T18:00';
    const values = { published: 1 as const, published_at: '2026-01-02T09:30', unpublish_at: at };
    expect(recordData(values, draft('x')).unpublish_at).toBe(at);
    expect(recordData({ ...values, unpublish_at: '' }, draft('x')).unpublish_at).toBeNull();
    expect(recordData({ ...values, published: 0 as const }, draft('x')).unpublish_at).toBeNull();
    expect('unpublish_at' in recordData({ published: 1, published_at: at }, draft('x'))).toBe(false);
  });
});
