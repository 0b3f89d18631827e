// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filtersKey, filtersQueryString, hasFilters, readFilters } from './activityFilters';

describe('the activity filters in the address', () => {
  it('reads every filter the log takes', () => {
    expect(
      readFilters('?user=7&area=auth&action=sign_in_failed&from=2026-11-01&to=2026-11-02&page=3'),
    ).toEqual({
      user: 7,
      area: 'auth',
      action: 'sign_in_failed',
      from: '2026-11-01',
      to: '2026-11-02',
    });
  });

  it('leaves out what the log cannot take, so a mistyped link still shows the log', () => {
    expect(readFilters('?user=0&area=cars&action=exploded&from=yesterday&to=2026-13')).toEqual({});
    expect(readFilters('?user=-3')).toEqual({});
    expect(hasFilters(readFilters('?page=2&search=x'))).toBe(false);
  });

  it('keeps a range the wrong way round, for the server to explain', () => {
    expect(readFilters('?from=2026-11-20&to=2026-11-01')).toEqual({ from: '2026-11-20', to: '2026-11-01' });
  });

  it('writes the filters back on page 1, leaving other parameters alone', () => {
    expect(filtersQueryString({ user: 2, area: 'pages' }, 'page=4&inspect=1&area=forms')).toBe(
      '?inspect=1&area=pages&user=2',
    );
    expect(filtersQueryString({}, 'user=2&page=2')).toBe('');
  });

  it('names each set of filters once, whatever order the address has them in', () => {
    expect(filtersKey(readFilters('?area=pages&user=2'))).toBe(filtersKey(readFilters('?user=2&area=pages')));
    expect(filtersKey(readFilters('?area=pages'))).not.toBe(filtersKey(readFilters('?area=forms')));
  });
});
