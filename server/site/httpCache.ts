/**
 * What the website's answers (the delivery API's JSON and the HTML site's pages) tell caches: one
 * Cache-Control, a strong ETag made from the bytes, and If-None-Match read as RFC 9110 says.
 */
import { createHash } from 'node:crypto';

/**
 * How long a site's cache may use an answer without asking, and how long longer it may show it
 * while it asks in the background. Short: a save reaches visitors within a minute at most, and a
 * revalidation costs a 304.
 */
export const SITE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/**
 * A site's 404: kept by no cache without asking again, so a page published at that address shows
 * at the next request (the server keeps it per content version itself).
 */
export const NOT_FOUND_CACHE_CONTROL = 'no-cache';

/** How long SITE_CACHE_CONTROL lets a cache show an answer at most, stale time included. */
const LONGEST_KEPT_SECONDS = 60 + 300;

/**
 * The Cache-Control of an answer given when the next scheduled change is due: no cache keeps it
 * past that time, so a scheduled page appears (or goes) on the website at its time.
 */
export function cacheControlBefore(next: Date | null, now = Date.now()): string {
  if (!next) return SITE_CACHE_CONTROL;
  const seconds = Math.max(0, Math.floor((next.getTime() - now) / 1000));
  if (seconds >= LONGEST_KEPT_SECONDS) return SITE_CACHE_CONTROL;
  return `public, max-age=${Math.min(60, seconds)}`;
}

/** A strong validator made from the answer's bytes: it changes exactly when the answer does. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/**
 * The entity tags an If-None-Match header lists (RFC 9110 §13.1.2), each as its opaque tag (quotes
 * kept, `W/` dropped: If-None-Match compares weakly), or `*` for any; null when the header does not
 * parse, which is then as if it were not sent. An opaque tag may hold a comma, so the list is read
 * tag by tag rather than split on commas.
 */
export function ifNoneMatchTags(header: string | string[] | undefined): string[] | '*' | null {
  if (header === undefined) return null;
  const text = (Array.isArray(header) ? header.join(',') : header).trim();
  if (text === '*') return '*';
  const tags: string[] = [];
  const tag = /[\s,]*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")[ \t]*(?=,|$)/y;
  let at = 0;
  while (at < text.length) {
    tag.lastIndex = at;
    const found = tag.exec(text);
    if (!found) return /^[\s,]*$/.test(text.slice(at)) ? tags : null;
    tags.push(found[1]!);
    at = tag.lastIndex;
  }
  return tags;
}

/**
 * Whether an If-None-Match header names this (strong) ETag, by the weak comparison RFC 9110 asks of
 * it: `W/"x"` matches `"x"`; `*` matches any current answer; a list matches when one of it does.
 */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  const tags = ifNoneMatchTags(header);
  if (tags === null) return false;
  return tags === '*' || tags.includes(etag.startsWith('W/') ? etag.slice(2) : etag);
}
