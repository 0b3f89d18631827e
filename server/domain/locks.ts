import type { PageItem } from '@/api/contract/blocks';

/** A stored item's field, whatever shape it was stored in. */
function fieldOf(item: unknown, key: 'index' | 'id'): unknown {
  return item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;
}

/**
 * Whether a save changes what a lock keeps (spec §4 Locked page, the builder's `unlocked` guards):
 * the lock itself, and which blocks there are in which order. A stored block with an id stays
 * that block at its place: the same id and type, so two blocks of one type cannot trade places
 * (one stored without an id, written before blocks had them, is held to its type). The field
 * values of the blocks already there (and whether they are hidden) stay editable.
 */
export function breaksLock(
  stored: { items: readonly unknown[] },
  next: { locked: 0 | 1; items: readonly PageItem[] },
): boolean {
  if (next.locked !== 1) return true;
  if (next.items.length !== stored.items.length) return true;
  return next.items.some((item, i) => {
    const was = stored.items[i];
    const id = fieldOf(was, 'id');
    return item.index !== fieldOf(was, 'index') || (id !== undefined && item.id !== id);
  });
}
