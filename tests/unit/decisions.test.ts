import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const decisionsRoot = join(import.meta.dirname, '../../docs/decisions');

/** Record names (`NNN-title.md`) that share their number with another record. */
function sharedNumbers(names: readonly string[]): string[] {
  const byNumber = new Map<string, string[]>();
  for (const name of names) {
    const number = /^(\d+)-/.exec(name)?.[1];
    if (!number) continue;
    byNumber.set(number, [...(byNumber.get(number) ?? []), name]);
  }
  return [...byNumber.values()].filter((records) => records.length > 1).flat();
}

/** A decision is cited by its number ("decision 007"), so each number names one record. */
describe('decision records', () => {
  const names = readdirSync(decisionsRoot).filter((name) => name.endsWith('.md'));

  it('are all named NNN-title.md', () => {
    expect(names.filter((name) => !/^\d{3}-[a-z0-9-]+\.md$/.test(name))).toEqual([]);
  });

  it('each have a number of their own', () => {
    expect(sharedNumbers(names)).toEqual([]);
  });

  it('reports two records that share a number', () => {
    expect(sharedNumbers(['001-a.md', '002-b.md', '002-c.md'])).toEqual(['002-b.md', '002-c.md']);
  });
});
