import { useCallback, useMemo, useState } from 'react';

interface Column {
  id: string;
  hidden?: boolean;
}

function readStored(key: string | undefined): string[] | null {
  if (!key) return null;
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? 'null');
    return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Which columns are hidden, for ColumnToggle and DataTable together. With a storageKey the choice is
 * remembered in this browser, since people who use a list all day set it up once.
 */
export function useColumnVisibility<C extends Column>(columns: readonly C[], storageKey?: string) {
  const [hiddenIds, setHiddenState] = useState<string[]>(
    () => readStored(storageKey) ?? columns.filter((column) => column.hidden).map((column) => column.id),
  );

  const setHiddenIds = useCallback(
    (ids: string[]) => {
      setHiddenState(ids);
      if (storageKey) {
        try {
          globalThis.localStorage?.setItem(storageKey, JSON.stringify(ids));
        } catch {
          // Storage full or blocked: the choice still holds for this visit.
        }
      }
    },
    [storageKey],
  );

  const withHidden = useMemo(
    () => columns.map((column) => ({ ...column, hidden: hiddenIds.includes(column.id) })),
    [columns, hiddenIds],
  );

  return { columns: withHidden, hiddenIds, setHiddenIds };
}
