import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/ui/jsdomGaps';

afterEach(() => cleanup());
