import { describe, expect, it } from 'vitest';
import type { JsonTestResults } from 'vitest/node';
import { failedTests, passedWhenTriedAgain } from '../../scripts/failedTests';

type FileResult = JsonTestResults['testResults'][number];

function report(files: Array<Partial<FileResult>>): JsonTestResults {
  return {
    testResults: files.map((file) => ({ assertionResults: [], status: 'passed', message: '', ...file })),
  } as unknown as JsonTestResults;
}

describe("the run's summary of failed tests", () => {
  it('names each failed test with the first lines of its message, without colour codes', () => {
    const stack = [
      '\u001b[31mAssertionError: users.edit: shows Not found; webhooks.edit: not drawn\u001b[39m',
      '',
      ...Array.from({ length: 30 }, (_, i) => `    at line ${i}`),
    ].join('\n');
    const lines = failedTests(
      report([
        {
          name: '/repo/tests/e2e/walk.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'walk passes', status: 'passed', failureMessages: [] },
            { fullName: 'walk admin', status: 'failed', failureMessages: [stack] },
          ] as FileResult['assertionResults'],
        },
      ]),
      '/repo',
    );
    expect(lines).toHaveLength(1);
    const [name, ...why] = lines[0]!.split('\n');
    expect(name).toBe('tests/e2e/walk.test.ts > walk admin');
    expect(why[0]).toBe('    AssertionError: users.edit: shows Not found; webhooks.edit: not drawn');
    expect(why).toHaveLength(12);
    expect(why.every((line) => line.startsWith('    ') && !line.includes('\u001b'))).toBe(true);
  });

  it('names a file that failed outside its tests with its first line', () => {
    const lines = failedTests(
      report([{ name: '/repo/tests/api/a.test.ts', status: 'failed', message: 'Error: no server\nstack' }]),
      '/repo',
    );
    expect(lines).toEqual(['tests/api/a.test.ts (outside its tests: Error: no server)']);
  });
});

describe("the run's summary of tests that passed only when tried again", () => {
  it('names a test that failed and then passed, with why it failed, and no test that passed first time or failed', () => {
    const lines = passedWhenTriedAgain(
      report([
        {
          name: '/repo/tests/e2e/media.test.ts',
          assertionResults: [
            { fullName: 'media first time', status: 'passed', failureMessages: [] },
            {
              fullName: 'media focal point',
              status: 'passed',
              failureMessages: [
                "\u001b[31mAssertionError: expected '25% across, 0% down'\u001b[39m\n    at x",
              ],
            },
            { fullName: 'media broken', status: 'failed', failureMessages: ['Error: twice'] },
          ] as FileResult['assertionResults'],
        },
      ]),
      '/repo',
    );
    expect(lines).toEqual([
      "tests/e2e/media.test.ts > media focal point\n    AssertionError: expected '25% across, 0% down'\n    at x",
    ]);
  });
});
