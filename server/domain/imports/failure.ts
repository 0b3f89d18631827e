import { HttpError } from '../../http/errors';
import { JobStopped } from '../jobs';
import { SheetError } from './sheet';

/** What staff read for an import that stopped on something unforeseen: never the internal detail. */
export const IMPORT_BROKE =
  'Something went wrong on our side while running this import. The details are in the server log.';

/**
 * Whether an error that stopped an import already speaks to staff: a stop of the server, a sheet
 * that cannot be read, a refusal the console words itself. Anything else (a database error, a
 * missing file, a bug) carries SQL, file paths or a stack that staff must not see.
 */
export function isWordedForStaff(error: unknown): error is Error {
  return (
    error instanceof JobStopped ||
    error instanceof SheetError ||
    (error instanceof HttpError && error.statusCode < 500)
  );
}

/** The message stored for a failed import: its own when it is worded for staff, a plain one otherwise. */
export function failureMessage(error: unknown): string {
  return isWordedForStaff(error) ? error.message : IMPORT_BROKE;
}
