import type { z } from 'zod';

/**
 * The product's own wording for every check a schema makes without a message of its own: what a
 * person (or an API client) reads in a 422, the same in the console's forms. A schema that names
 * its message keeps it; only what would otherwise be zod's default English comes from here.
 */

type Issue = z.core.$ZodRawIssue;

const count = (n: number | bigint) =>
  typeof n === 'bigint' ? n.toString() : n.toLocaleString('en-GB', { maximumFractionDigits: 20 });

/** The most values a message lists before it only asks for one of the options. */
const MOST_LISTED = 15;

const TYPE_MESSAGES: Record<string, string> = {
  number: 'Enter a number.',
  int: 'Enter a whole number.',
  bigint: 'Enter a whole number.',
  string: 'Enter text.',
  boolean: 'Choose yes or no.',
  array: 'Give a list.',
  object: 'Give a group of fields.',
  record: 'Give a group of fields.',
  date: 'Enter a date.',
  file: 'Choose a file.',
  null: 'Leave this empty.',
  undefined: 'Leave this out.',
  never: 'Leave this out.',
  nan: 'Enter a number.',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'Enter a valid e-mail address.',
  url: 'Enter a full web address, starting with https://.',
  date: 'Enter a date as YYYY-MM-DD.',
  datetime: 'Enter a date and time, such as 2026-06-01T09:30:00Z.',
  time: 'Enter a time, such as 09:30.',
  uuid: 'Enter a valid UUID.',
  regex: 'Check the form of this value: it is not one this field takes.',
};

const listed = (values: readonly unknown[]) => values.map((v) => String(v)).join(', ');

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const max = count(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return `Use at most ${max} characters.`;
    case 'array':
    case 'set':
      return `Give at most ${max} ${issue.maximum === 1 ? 'item' : 'items'}.`;
    case 'map':
      return `Give at most ${max} entries.`;
    case 'file':
      return `Use a file of at most ${max} bytes.`;
    case 'date':
      return 'Choose an earlier date.';
    default:
      return issue.inclusive === false ? `Enter a number below ${max}.` : `Enter a number of at most ${max}.`;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = count(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return issue.minimum === 1 ? 'Fill in this field.' : `Use at least ${min} characters.`;
    case 'array':
    case 'set':
      return issue.minimum === 1 ? 'Choose at least one.' : `Give at least ${min} items.`;
    case 'map':
      return `Give at least ${min} entries.`;
    case 'file':
      return 'Choose a file that is not empty.';
    case 'date':
      return 'Choose a later date.';
    default:
      return issue.inclusive === false
        ? `Enter a number above ${min}.`
        : `Enter a number of at least ${min}.`;
  }
}

function badFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  if (issue.format === 'starts_with' && 'prefix' in issue)
    return `Start this with "${String(issue.prefix)}".`;
  if (issue.format === 'ends_with' && 'suffix' in issue) return `End this with "${String(issue.suffix)}".`;
  if (issue.format === 'includes' && 'includes' in issue)
    return `Include "${String(issue.includes)}" in this.`;
  return FORMAT_MESSAGES[issue.format] ?? 'Check the form of this value: it is not one this field takes.';
}

/** A plain sentence for any issue that has no message of its own. */
export function plainMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return TYPE_MESSAGES[issue.expected] ?? 'Give a value of the kind this field takes.';
    case 'too_big':
      return tooBig(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'invalid_value':
      if (issue.values.length === 1) return `Use ${JSON.stringify(issue.values[0])} here.`;
      return issue.values.length <= MOST_LISTED
        ? `Choose one of: ${listed(issue.values)}.`
        : 'Choose one of the options.';
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return Number(issue.divisor) === 1
        ? 'Enter a whole number.'
        : `Enter a multiple of ${count(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Leave out ${listed(issue.keys)}: not a field here.`;
    case 'invalid_key':
      return 'A name in this group is not one it takes.';
    case 'invalid_element':
      return 'A value in this list is not one it takes.';
    case 'invalid_union':
      return 'Give a value of the kind this field takes.';
    default:
      return 'This value is not one this field takes.';
  }
}
