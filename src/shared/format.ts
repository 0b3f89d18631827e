/** Month names fixed here: ICU's en-GB short months say 'Sept', the spec's 'D MMM YY' wants 'Sep'. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Reads the API's dates in the user's local time. A bare date ('2024-03-05') is a calendar day, not
 * UTC midnight, so it is built locally; Laravel's 'YYYY-MM-DD HH:mm:ss' gets its space replaced by T.
 */
function parseDate(value: string): Date | null {
  const text = value.trim();
  if (!text) return null;
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return new Date(Number(y), Number(m) - 1, Number(d));
  }
  const date = new Date(text.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'D MMM YY' in the user's local date: '5 Mar 24'. Nothing (or an unreadable value) gives ''. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseDate(iso);
  if (!date) return '';
  const year = String(date.getFullYear() % 100).padStart(2, '0');
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${year}`;
}

/** 'D MMM YY, HH:mm' in the user's local time: '5 Mar 24, 09:30'. Nothing (or an unreadable value) gives ''. */
export function formatDateTime(iso: string | null | undefined): string {
  const day = formatDate(iso);
  if (!day || !iso) return '';
  const date = parseDate(iso)!;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${two(date.getHours())}:${two(date.getMinutes())}`;
}

// Made on first use, one per currency: building a currency formatter loads locale data, which would
// otherwise hold up every screen that imports this module for its dates.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(code: string): Intl.NumberFormat | null {
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    } catch {
      return null;
    }
    moneyFormats.set(code, format);
  }
  return format;
}

/**
 * An amount in its currency's smallest unit (as Stripe counts it), in that currency, British style:
 * (1250, 'gbp') -> '£12.50', (1250, 'eur') -> '€12.50', (1250, 'jpy') -> 'JP¥1,250'. The currency's
 * own number of decimals says what the unit is.
 */
export function formatMoney(minor: number, currency: string): string {
  if (!Number.isFinite(minor)) return '';
  const code = currency.toUpperCase();
  const format = moneyFormat(code);
  if (!format) return `${minor} ${code}`;
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** decimals);
}

/** Pence to pounds with two decimals: 1250 -> '£12.50', 123456 -> '£1,234.56'. */
export const formatPounds = (pence: number): string => formatMoney(pence, 'gbp');

/** Up to two letters for an avatar: first and last word ('Mary Jane Watson' -> 'MW'). */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase('en-GB');
  return letter(first) + (last ? letter(last) : '');
}

/**
 * A length of time in its two largest units, as a dashboard shows it: 40 -> 'under a minute',
 * 2_700 -> '45 min', 12_000 -> '3 h 20 min', 187_200 -> '2 d 4 h'.
 */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return 'under a minute';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** A count and its noun, one or many: '1 brand', '1,204 brands'. */
export function countOf(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}
