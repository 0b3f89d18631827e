import { ApiError } from '@/api/client';

/** What a failed call leaves for the screen: a message and, for 422, one message per field. */
export interface CallFailure {
  /** The HTTP status, or null when no answer came (network down, a thrown bug). */
  status: number | null;
  message: string;
  /** First message per field, keyed by dotted path (`social.facebook`). */
  fieldErrors: Record<string, string>;
}

/** Shown when the failure carries no message of its own (the network is down, say). */
export const fallbackMessage = 'Something went wrong. Please try again.';

/** Keeps the first message per field: forms show one error under each field. */
export function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (first !== undefined) result[field] = first;
  }
  return result;
}

export function describeFailure(error: unknown): CallFailure {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      message: error.message || fallbackMessage,
      fieldErrors: firstMessages(error.errors),
    };
  }
  return { status: null, message: fallbackMessage, fieldErrors: {} };
}
