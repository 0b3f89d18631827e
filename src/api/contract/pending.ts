import type { CallDef } from './define';

/**
 * Calls of spec §7 the server does not serve yet: the console has them, the API answers 404.
 * A call leaves this list in the change that adds its route (one line each, so changes to
 * different areas merge cleanly); tests/api/calls.test.ts fails while a served call is still
 * listed here, or when a call is neither served nor listed.
 */
export const pending: CallDef[] = [];
