import type { PageItem } from '@/api/contract/pages';

/**
 * Keys that follow placed blocks through moves, undo and redo: a block keeps its key as long as it
 * is the same object, which the builder machine guarantees for every block a change does not touch.
 */
export function createItemKeys() {
  const keys = new WeakMap<object, string>();
  let next = 0;
  return (items: readonly PageItem[]): string[] => {
    const seen = new Set<string>();
    return items.map((item) => {
      let key = keys.get(item);
      // The same object placed twice (a paste of the same block) still needs two keys.
      if (key === undefined || seen.has(key)) {
        key = `b${next++}`;
        if (!keys.has(item)) keys.set(item, key);
      }
      seen.add(key);
      return key;
    });
  };
}

/** Errors of one save grouped per block: 'items.3.sections.x.fields.y' → {3: {'sections.x.fields.y': …}}. */
export function errorsPerItem(fieldErrors: Record<string, string>): Map<number, Record<string, string>> {
  const grouped = new Map<number, Record<string, string>>();
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^(?:data\.)?items\.(\d+)(?:\.(.+))?$/.exec(path);
    if (!match) continue;
    const at = Number(match[1]);
    const own = grouped.get(at) ?? {};
    own[match[2] ?? 'item'] = message;
    grouped.set(at, own);
  }
  return grouped;
}

/** A server's field errors with the body's wrapper dropped: 'data.meta.title' → 'meta.title'. */
export function withoutDataPrefix(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^data\./, ''), v]));
}
