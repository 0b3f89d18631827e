/** The query parameter of a link to one revision of the record an edit screen shows (`?revision=12`). */
export const REVISION_PARAM = 'revision';

/** The revision the address links to, if any. */
export function revisionInAddress(): number | null {
  const value = Number(new URLSearchParams(window.location.search).get(REVISION_PARAM));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
