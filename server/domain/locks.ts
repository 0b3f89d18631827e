import type { PageItem } from '@/api/contract/pages';

/** The block type a stored item names, whatever shape it was stored in. */
function typeOf(item: unknown): unknown {
  return item !== null && typeof item === 'object' ? (item as { index?: unknown }).index : undefined;
}

/**
 * Whether a save changes what a lock keeps (spec §4 Locked page, the builder's `unlocked` guards):
 * the lock itself, and which blocks there are in which order. The field values of the blocks
 * already there (and whether they are hidden) stay editable. Two blocks of the same type that
 * trade places cannot be told from two blocks whose values were edited, and are let through as such.
 */
export function breaksLock(
  stored: { items: readonly unknown[] },
  next: { locked: 0 | 1; items: readonly PageItem[] },
): boolean {
  if (next.locked !== 1) return true;
  if (next.items.length !== stored.items.length) return true;
  return next.items.some((item, i) => item.index !== typeOf(stored.items[i]));
}
