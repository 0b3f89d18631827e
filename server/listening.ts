/**
 * The line a started server prints once it takes requests, and how a process that started it reads
 * the port back: with PORT=0 the system picks a free port, which only this line tells.
 */
export const listeningLine = (port: number, where: string): string =>
  `Listening on http://localhost:${port} (${where})`;

/** The port a listening line names, or null for any other line. */
export function portOfListeningLine(line: string): number | null {
  const match = /Listening on http:\/\/localhost:(\d+)/.exec(line);
  return match?.[1] ? Number(match[1]) : null;
}
