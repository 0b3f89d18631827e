import { useEffect } from 'react';

/** The product's name, after the screen's in every document title. */
const APP_NAME = 'Dealership Console';

let screen = '';
let record: string | null = null;
/** What a screen shows in place of what it was asked for ('Oops! Page not found.'), while it does. */
let missing: string | null = null;

function show(): void {
  document.title = [record, missing ?? screen, APP_NAME].filter(Boolean).join(' · ');
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

/**
 * While a screen says that what it was asked for is not there ('Oops! Page not found.'), the title
 * says so too, in place of the screen's name: 'Edit brand' would name a record that is not shown.
 * Null leaves the title to the screen.
 */
export function useMissingTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return;
    missing = title;
    show();
    return () => {
      if (missing === title) missing = null;
      show();
    };
  }, [title]);
}
