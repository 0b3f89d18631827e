import { act, cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearAnnouncements } from '@/ui/announce';
import '@/ui/jsdomGaps';

// `findBy…` and `waitFor` wait for what the screen shows next; they return as soon as it is there.
// Their bound (1 s by default) is for a screen that never shows it: on two cores shared with the
// browser tests a first render can take longer than that, so the bound is wider, not the wait.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  // Test files share their worker's modules (isolate: false in vite.config.ts): what one file's
  // screens announced must not still stand in the next file's live region.
  act(() => clearAnnouncements());
});
