import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './noEval';

describe('zod in the console', () => {
  it('parses without compiling, so the page never needs eval', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
  });
});
