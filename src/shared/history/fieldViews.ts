/**
 * How an edit screen shows its fields, so that a comparison of two versions reads as the screen
 * does: each field under its label, a flag as Yes or No, a date as the console writes dates, and a
 * choice (a brand, a template, a sort order) by the name its select shows rather than the id stored.
 */
import { formatDate, formatDateTime } from '../format';

/** One choice of a select, as the screen offers it. */
export interface Choice {
  id: string | number;
  name: string;
}

/** How a field's value reads. */
export type ValueFormat =
  /** A flag stored as true or false, 1 or 0 (or posted as 'on'). */
  | { kind: 'yesNo' }
  /** 'D MMM YY'. */
  | { kind: 'date' }
  /** 'D MMM YY, HH:mm'. */
  | { kind: 'dateTime' }
  /** The name of the chosen option; `blank` is what no choice at all (null, '') reads as. */
  | { kind: 'choice'; choices: readonly Choice[]; blank?: string };

export interface FieldView {
  /** The field's label; `{n}` stands for the place (from 1) of each list entry on its path, in order. */
  label?: string;
  format?: ValueFormat;
}

/**
 * Field views by dotted path. A place in a list is written `*`: 'team.*.name' is every team
 * member's name, and a view of 'team.*' labels every field of a member ('Team member {n}').
 */
export type FieldViews = Readonly<Record<string, FieldView>>;

export const yesNo: ValueFormat = { kind: 'yesNo' };
export const dateOnly: ValueFormat = { kind: 'date' };
export const dateTime: ValueFormat = { kind: 'dateTime' };
export const choice = (choices: readonly Choice[], blank?: string): ValueFormat =>
  blank === undefined ? { kind: 'choice', choices } : { kind: 'choice', choices, blank };

const isIndex = (part: string) => /^\d+$/.test(part);

/** A path's pattern: its list places written `*` ('team.0.name' -> 'team.*.name'). */
export const patternOf = (path: string): string =>
  path
    .split('.')
    .map((part) => (isIndex(part) ? '*' : part))
    .join('.');

/** The view of exactly this path, by the path itself or by its pattern. */
export function viewOf(views: FieldViews, path: string): FieldView | undefined {
  return views[path] ?? views[patternOf(path)];
}

/** One part of a path in words: 'og_title' -> 'Og title', a list place from 1. */
function partWords(part: string): string {
  if (isIndex(part)) return String(Number(part) + 1);
  const words = part.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's label: the view's label of the longest part of its path that has one (its list places
 * filled in), followed by the rest of the path in words; 'meta.og_title' without any view reads
 * 'Meta › Og title', and 'team.0.name' 'Team › 1 › Name'.
 */
export function labelOf(views: FieldViews, path: string): string {
  const parts = path.split('.');
  for (let end = parts.length; end > 0; end--) {
    const label = viewOf(views, parts.slice(0, end).join('.'))?.label;
    if (label === undefined) continue;
    const places = parts
      .slice(0, end)
      .filter(isIndex)
      .map((part) => String(Number(part) + 1));
    const own = label.replace(/\{n\}/g, () => places.shift() ?? '');
    return [own, ...parts.slice(end).map(partWords)].join(' › ');
  }
  return parts.map(partWords).join(' › ');
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

const YES = new Set<unknown>([true, 1, '1', 'true', 'on']);

/** What a choice's value reads as: the option's name, or, when no option has it, the value itself. */
function choiceText(value: unknown, format: Extract<ValueFormat, { kind: 'choice' }>): string {
  if (isBlank(value)) {
    const none = format.choices.find((option) => option.id === '' || option.id === 0);
    return format.blank ?? none?.name ?? '';
  }
  const found = format.choices.find((option) => String(option.id) === String(value));
  return found ? found.name : `Unknown (${String(value)})`;
}

/**
 * A value as its field shows it, or null when the format does not apply (a list of entries, an
 * object): the caller then writes it plainly.
 */
export function formattedText(value: unknown, format: ValueFormat): string | null {
  if (Array.isArray(value)) {
    if (value.some((entry) => typeof entry === 'object' && entry !== null)) return null;
    return value
      .map((entry) => formattedText(entry, format))
      .filter((text) => text !== '')
      .join(', ');
  }
  if (typeof value === 'object' && value !== null) return null;
  switch (format.kind) {
    case 'yesNo':
      return YES.has(value) ? 'Yes' : 'No';
    case 'date':
    case 'dateTime': {
      if (isBlank(value)) return '';
      const text = String(value);
      // A value no date can be read from shows as it is, rather than as nothing.
      return (format.kind === 'date' ? formatDate(text) : formatDateTime(text)) || text;
    }
    case 'choice':
      return choiceText(value, format);
  }
}
