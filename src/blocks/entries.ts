import type { ItemSection } from '@/api/contract/blocks';
import type { BuilderSection } from '@/api/contract/builder';

export type Entry = ItemSection['entries'][number];

/** A list with one element moved, as a new list: the entries themselves are shared, not copied. */
export function moveWithin<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/** A list with the element at `at` replaced. */
export function replaceAt<T>(list: readonly T[], at: number, value: T): T[] {
  const next = [...list];
  next[at] = value;
  return next;
}

/** A list without the element at `at`. */
export function removeAt<T>(list: readonly T[], at: number): T[] {
  return [...list.slice(0, at), ...list.slice(at + 1)];
}

/** What the editor calls an entry of a repeatable section, from its 'Add …' phrase: 'Slide 2'. */
export function entryLabel(section: Pick<BuilderSection, 'phrase'>, index: number | string): string {
  const noun = (section.phrase ?? 'Add entry').replace(/^Add /, '');
  return `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${typeof index === 'number' ? index + 1 : index}`;
}
