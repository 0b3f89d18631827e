import { dealershipLocations } from './dealershipLocationsSheet';
import { formsSheet } from './formsSheet';
import { pagesSheet } from './pagesSheet';
import type { ImportProvider } from './provider';
import { headerKey } from './sheet';

/** Every provider builder/imports/providers offers, by key. */
export const PROVIDERS: Record<string, ImportProvider> = Object.fromEntries(
  [pagesSheet, dealershipLocations, formsSheet].map((provider) => [provider.key, provider]),
);

export function providerFor(key: string): ImportProvider | null {
  return Object.hasOwn(PROVIDERS, key) ? PROVIDERS[key]! : null;
}

/** The required columns a header row lacks. */
export function missingColumns(provider: ImportProvider, headers: string[]): string[] {
  const present = new Set(headers);
  return provider.columns.filter((c) => c.required && !present.has(headerKey(c.header))).map((c) => c.header);
}
