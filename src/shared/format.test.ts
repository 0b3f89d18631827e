// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatMoney, formatPounds, initials } from './format';

describe('formatDate', () => {
  it("shows a date as 'D MMM YY'", () => {
    expect(formatDate('2024-03-05')).toBe('5 Mar 24');
  });

  it('shows a date-time in the local calendar day', () => {
    const local = new Date(2024, 8, 30, 23, 30);
    expect(formatDate(local.toISOString())).toBe('30 Sep 24');
  });

  it("reads Laravel's space-separated date-time", () => {
    expect(formatDate('2023-12-01 09:15:00')).toBe('1 Dec 23');
  });

  it('pads two-digit years', () => {
    expect(formatDate('2005-01-09')).toBe('9 Jan 05');
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it("writes 'D MMM YY, HH:mm' in local time with a 24-hour clock", () => {
    expect(formatDateTime('2024-03-05T09:07:00')).toBe('5 Mar 24, 09:07');
    expect(formatDateTime('2025-12-31 23:59:59')).toBe('31 Dec 25, 23:59');
    const utc = '2024-09-01T12:30:00Z';
    const local = new Date(utc);
    expect(formatDateTime(utc)).toBe(
      `${formatDate(utc)}, ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    );
  });

  it('gives nothing for nothing or an unreadable value', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
  });
});

describe('formatPounds', () => {
  it('turns pence into pounds with two decimals', () => {
    expect(formatPounds(1250)).toBe('£12.50');
    expect(formatPounds(99)).toBe('£0.99');
    expect(formatPounds(0)).toBe('£0.00');
  });

  it('groups thousands', () => {
    expect(formatPounds(123456)).toBe('£1,234.56');
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatPounds(-500)).toBe('-£5.00');
  });
});

describe('formatMoney', () => {
  it('shows an amount in its own currency, from the smallest unit Stripe counts in', () => {
    expect(formatMoney(19900, 'gbp')).toBe('£199.00');
    expect(formatMoney(250000, 'eur')).toBe('€2,500.00');
    expect(formatMoney(4975, 'USD')).toBe('US$49.75');
    expect(formatMoney(5000, 'jpy')).toBe('JP¥5,000');
    expect(formatMoney(12340, 'kwd')).toBe('KWD\u00a012.340');
  });

  it('shows a code it cannot format beside the bare amount', () => {
    expect(formatMoney(100, 'not-a-code')).toBe('100 NOT-A-CODE');
    expect(formatMoney(Number.NaN, 'gbp')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('mary jane watson')).toBe('MW');
  });

  it('takes one letter from a single name', () => {
    expect(initials('  Cher ')).toBe('C');
  });

  it('gives nothing for no name', () => {
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('formatDuration', () => {
  it('gives a length of time in its two largest units', () => {
    expect(formatDuration(40)).toBe('under a minute');
    expect(formatDuration(2_700)).toBe('45 min');
    expect(formatDuration(7_200)).toBe('2 h');
    expect(formatDuration(12_000)).toBe('3 h 20 min');
    expect(formatDuration(172_800)).toBe('2 d');
    expect(formatDuration(187_200)).toBe('2 d 4 h');
  });
});
