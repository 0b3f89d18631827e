import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/ui/jsdomGaps';

// `findBy…` and `waitFor` wait for what the screen shows next; they return as soon as it is there.
// Their bound (1 s by default) is for a screen that never shows it: on two cores shared with the
// browser tests a first render can take longer than that, so the bound is wider, not the wait.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
