import { relative } from 'node:path';
import type { JsonTestResults } from 'vitest/node';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape code is what is matched.
const ANSI = /\u001b\[[0-9;]*m/g;
/** How many lines of a failed test's message the summary repeats. */
const MESSAGE_LINES = 12;

/** A test's messages as the summary shows them: without colour, trimmed, the first `lines` of them, indented. */
function firstLines(messages: string[] | null | undefined, lines: number): string[] {
  return (messages ?? [])
    .join('\n')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, lines)
    .map((line) => `    ${line.slice(0, 300)}`);
}

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
      const why = firstLines(test.failureMessages, MESSAGE_LINES);
      failures.push([`${path} > ${test.fullName}`, ...why].join('\n'));
    }
    if (file.status === 'failed' && failed.length === 0)
      failures.push(`${path} (outside its tests: ${file.message.split('\n')[0] || 'no message'})`);
  }
  return failures;
}

/**
 * Each test that failed and then passed when tried again, as 'file > test' and the first lines of why
 * it failed: a test that depends on timing it does not wait for, or a race in the product, named in
 * the summary so it is mended rather than forgotten.
 */
export function passedWhenTriedAgain(report: JsonTestResults, root: string): string[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0)
      .map((test) =>
        [`${relative(root, file.name)} > ${test.fullName}`, ...firstLines(test.failureMessages, 4)].join(
          '\n',
        ),
      ),
  );
}
