/** An error the client caused, sent as `{message, errors?}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

const INVALID = 'The given data was invalid.';

/**
 * A 422's message as Laravel's ValidationException words it: the first error, then
 * ' (and N more error)' or ' (and N more errors)' when there are others.
 */
export function summarize(errors: Record<string, string[]>): string {
  const [first, ...others] = Object.values(errors).flat();
  if (first === undefined) return INVALID;
  if (others.length === 0) return first;
  return `${first} (and ${others.length} more ${others.length === 1 ? 'error' : 'errors'})`;
}

/** 422 with its messages under each named field (Laravel's shape). */
export const unprocessable = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, message ?? summarize(errors), errors);

/** 422 with one message under each named field (Laravel's shape). */
export function invalid(errors: Record<string, string>, message?: string): HttpError {
  return unprocessable(
    Object.fromEntries(Object.entries(errors).map(([key, text]) => [key, [text]])),
    message,
  );
}

/** Turns issue paths into Laravel's dotted keys: ['social','facebook'] -> 'social.facebook'. */
export function dottedErrors(issues: { path: string; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path || '_';
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}
