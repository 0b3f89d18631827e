/**
 * What a screen, or a call, says of a record that is not there: the spec's words ('The user you are
 * trying to locate clearly doesn't exist...'), written once for the console and the server.
 */
export function missingRecord(noun: string): string {
  return `The ${noun} you are trying to locate clearly doesn't exist...`;
}
