/**
 * How far ahead the dashboard's schedule looks. A module of its own, without zod: the dashboard
 * shows it in words and needs none of the contract's schemas to do so.
 */
export const SCHEDULE_DAYS = 7;
