/**
 * A fixed-window counter per key, in this process's memory. Enough to keep one visitor from
 * flooding a form; behind several processes each counts its own share.
 */
export function createRateLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** True when the call may go ahead (and counts it). */
    take(key: string): boolean {
      const time = now();
      const current = windows.get(key);
      if (!current || time - current.start >= options.windowMs) {
        // Forget expired windows now and then, so the map holds only recent visitors.
        if (windows.size > 10_000) {
          for (const [k, w] of windows) if (time - w.start >= options.windowMs) windows.delete(k);
        }
        windows.set(key, { start: time, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.max;
    },
  };
}
