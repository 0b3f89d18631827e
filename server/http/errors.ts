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

/** 422 with one message under each named field (Laravel's shape). */
export function invalid(errors: Record<string, string>, message?: string): HttpError {
  const first = Object.values(errors)[0] ?? 'The given data was invalid.';
  return new HttpError(
    422,
    message ?? first,
    Object.fromEntries(Object.entries(errors).map(([key, text]) => [key, [text]])),
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
