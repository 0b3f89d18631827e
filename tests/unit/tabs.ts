/**
 * Browser tabs of one origin: each has its own window (an event target), all share one
 * localStorage, and a write in one tab fires the storage event in every other tab, as browsers
 * do (jsdom windows share no storage). `capacity` bounds the stored characters like a quota.
 */
export class Tabs {
  private readonly data = new Map<string, string>();
  private readonly windows: EventTarget[] = [];

  constructor(private readonly capacity = Number.POSITIVE_INFINITY) {}

  open(): { window: EventTarget; storage: Storage } {
    const tab = new EventTarget();
    this.windows.push(tab);
    return { window: tab, storage: this.storageFor(tab) };
  }

  used(): number {
    let total = 0;
    for (const [key, value] of this.data) total += key.length + value.length;
    return total;
  }

  private storageFor(owner: EventTarget): Storage {
    const { data } = this;
    const notify = (key: string | null, oldValue: string | null, newValue: string | null) => {
      for (const other of this.windows) {
        if (other === owner) continue;
        other.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
      }
    };
    return {
      get length() {
        return data.size;
      },
      key: (index) => [...data.keys()][index] ?? null,
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => {
        const old = data.get(key) ?? null;
        const grown = this.used() - (old === null ? 0 : key.length + old.length) + key.length + value.length;
        if (grown > this.capacity)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        data.set(key, value);
        notify(key, old, value);
      },
      removeItem: (key) => {
        const old = data.get(key) ?? null;
        if (old === null) return;
        data.delete(key);
        notify(key, old, null);
      },
      clear: () => {
        data.clear();
        notify(null, null, null);
      },
    };
  }
}
