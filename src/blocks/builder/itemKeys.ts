import { ITEMS_PATH } from '@/shared/schema';

const ITEMS_PREFIX = `${ITEMS_PATH}.`;

/** Errors of one save grouped per block: 'data.items.3.sections.x.fields.y' → {3: {'sections.x.fields.y': …}}. */
export function errorsPerItem(fieldErrors: Record<string, string>): Map<number, Record<string, string>> {
  const grouped = new Map<number, Record<string, string>>();
  for (const [path, message] of Object.entries(fieldErrors)) {
    if (!path.startsWith(ITEMS_PREFIX)) continue;
    const match = /^(\d+)(?:\.(.+))?$/.exec(path.slice(ITEMS_PREFIX.length));
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
