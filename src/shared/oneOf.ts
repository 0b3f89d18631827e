/** A guard for one of a fixed list of names: `oneOf(['a', 'b'])('a')` is true, and narrows to 'a' | 'b'. */
export function oneOf<T extends string>(names: readonly T[]): (value: unknown) => value is T {
  return (value: unknown): value is T => (names as readonly unknown[]).includes(value);
}
