import { SiteAnswerCache } from '@server/site/contentVersion';
import { pickEncoding } from '@server/site/pageCache';
import { describe, expect, it } from 'vitest';

describe('SiteAnswerCache', () => {
  it('keeps at most its number of answers, dropping the least recently used', () => {
    const cache = new SiteAnswerCache(3, 1_000_000);
    for (let i = 0; i < 100_000; i++) cache.set(`/page-${i}`, { version: '1', bytes: 10 });
    expect(cache.size).toEqual({ entries: 3, bytes: 30 });
    expect(cache.get('/page-99999', '1')).toBeDefined();
    expect(cache.get('/page-0', '1')).toBeUndefined();
  });

  it('keeps at most its number of bytes', () => {
    const cache = new SiteAnswerCache(1000, 100);
    for (let i = 0; i < 50; i++) cache.set(`/page-${i}`, { version: '1', bytes: 30 });
    expect(cache.size).toEqual({ entries: 3, bytes: 90 });
    cache.set('/huge', { version: '1', bytes: 101 });
    expect(cache.get('/huge', '1')).toBeUndefined();
  });

  it('drops every answer of an older version once one of a newer version is kept', () => {
    const cache = new SiteAnswerCache(1000, 1000);
    cache.set('/a', { version: '1', bytes: 10 });
    cache.set('/b', { version: '1', bytes: 10 });
    cache.set('/a', { version: '2', bytes: 10 });
    expect(cache.size).toEqual({ entries: 1, bytes: 10 });
    expect(cache.get('/b', '1')).toBeUndefined();
    expect(cache.get('/a', '1')).toBeUndefined();
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });
});
