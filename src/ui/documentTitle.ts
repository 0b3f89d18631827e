import { useEffect } from 'react';

/** The product's name, after the screen's in every document title. */
const APP_NAME = 'Dealership Console';

let screen = '';
let record: string | null = null;

function show(): void {
  document.title = [record, screen, APP_NAME].filter(Boolean).join(' · ');
}

/** Names the screen shown in the document title ('Users · Dealership Console'), as the route changes. */
export function showScreenTitle(title: string): void {
  screen = title;
  show();
}

/**
 * Puts the record a screen is about before the screen's name, once it has loaded: 'Kia · Edit brand
 * · Dealership Console', so tabs and history entries of two records can be told apart.
 */
export function useRecordTitle(name: string | null | undefined): void {
  useEffect(() => {
    const shown = name?.trim() || null;
    if (!shown) return;
    record = shown;
    show();
    return () => {
      if (record === shown) record = null;
      show();
    };
  }, [name]);
}
