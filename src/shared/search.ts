/** The longest search a list takes (the list query checks it); the console's search boxes take no more. */
export const SEARCH_MAX_LENGTH = 200;
