import { inject } from 'vitest';

/**
 * Where the console this test file drives answers. Each browser-test worker has a server of its own
 * (global-setup.ts), so the files run side by side never see each other's data; Vitest numbers its
 * workers from 1.
 */
export function baseURL(): string {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (url === undefined) throw new Error('No console server was started: is Chromium missing?');
  return url;
}
