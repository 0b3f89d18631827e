/** A placed block's id: a random UUID (version 4), made where crypto.randomUUID may be missing (plain http). */
export function newBlockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The blocks with an id each: one without an id, or repeating an id an earlier block holds (a
 * copy), gets a new one. Who a block is stays the same across saves, moves and edits.
 */
export function withBlockIds<T extends { id?: string | undefined }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.map((item) => {
    if (item.id !== undefined && !seen.has(item.id)) {
      seen.add(item.id);
      return item;
    }
    const id = newBlockId();
    seen.add(id);
    return { ...item, id };
  });
}
