import { useCallback, useEffect, useState } from 'react';

const OPEN_KEY = 'builder.preview.open';
const WIDTH_KEY = 'builder.preview.width';

/** The device widths the preview shows a page at, in CSS pixels. */
export const PREVIEW_WIDTHS = { mobile: 375, tablet: 768, desktop: 1280 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or refused (private mode): the choice lasts until the page is left.
  }
}

/** Whether the builder shows its preview, remembered in this browser. */
export function usePreviewOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => read(OPEN_KEY) === '1');
  const change = useCallback((next: boolean) => {
    write(OPEN_KEY, next ? '1' : '0');
    setOpen(next);
  }, []);
  return [open, change];
}

const isWidth = (value: string | null): value is PreviewWidth =>
  value !== null && Object.hasOwn(PREVIEW_WIDTHS, value);

/** The device width the preview shows, remembered in this browser (desktop at first). */
export function usePreviewWidth(): [PreviewWidth, (width: PreviewWidth) => void] {
  const [width, setWidth] = useState<PreviewWidth>(() => {
    const stored = read(WIDTH_KEY);
    return isWidth(stored) ? stored : 'desktop';
  });
  const change = useCallback((next: PreviewWidth) => {
    write(WIDTH_KEY, next);
    setWidth(next);
  }, []);
  return [width, change];
}

/** Whether a media query matches, following the window as it is resized. */
export function useMediaQuery(query: string): boolean {
  // A browser without matchMedia (a test's DOM) is taken to be wide.
  const canMatch = typeof window.matchMedia === 'function';
  const [matches, setMatches] = useState(() => canMatch && window.matchMedia(query).matches);
  useEffect(() => {
    if (!canMatch) return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query, canMatch]);
  return matches;
}
