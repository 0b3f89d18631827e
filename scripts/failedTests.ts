import { relative } from 'node:path';
import type { JsonTestResults } from 'vitest/node';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape code is what is matched.
const ANSI = /\u001b\[[0-9;]*m/g;
/** How many lines of a failed test's message the summary repeats. */
const MESSAGE_LINES = 12;

/**
 * Each failed test as 'tests/api/users.test.ts > the users list > …' followed by the first lines of
 * its message, indented; and each file that failed outside its tests.
 */
export function failedTests(report: JsonTestResults, root: string): string[] {
  const failures: string[] = [];
  for (const file of report.testResults) {
    const path = relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      // The CI log keeps only its tail: the first lines of why a test failed go with its name.
      const why = (test.failureMessages ?? [])
        .join('\n')
        .replace(ANSI, '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .slice(0, MESSAGE_LINES)
        .map((line) => `    ${line.slice(0, 300)}`);
      failures.push([`${path} > ${test.fullName}`, ...why].join('\n'));
    }
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${path} (outside its tests: ${file.message.split('\n')[0] || 'no message'})`);
  }
  return failures;
}
