import { PREVIEW_LINK_DAYS } from '@/api/contract/pages';
import { MAX_SERIAL_ID } from '../db/errors';
import type { TokenService } from '../domain/auth/tokens';

/** The audience of a reviewer's link: never an access token, a plain preview link or any other. */
const PURPOSE = 'site-review';

/** Where a reviewer's link opens: the preview with Approve and Request changes. */
export const REVIEW_PATH = '/site/_review/';

/**
 * What a reviewer's link is good for, all signed into it: one page, the stage it waited in and
 * the revision it stood at when the link was made, and the reviewer's e-mail.
 */
export interface ReviewClaim {
  pageId: number;
  stage: number;
  revision: number;
  email: string;
}

/** A signed link for a reviewer without an account, for PREVIEW_LINK_DAYS days (or until `expiresAt`). */
export async function mintReviewLink(
  tokens: TokenService,
  claim: ReviewClaim,
  expiresAt: Date = new Date(Date.now() + PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000),
): Promise<{ path: string; expiresAt: Date }> {
  const subject = JSON.stringify([claim.pageId, claim.stage, claim.revision, claim.email]);
  const token = await tokens.signFor(PURPOSE, subject, expiresAt);
  return { path: `${REVIEW_PATH}${token}`, expiresAt };
}

const whole = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/** What a reviewer's token says, or null when it is expired, tampered with or of another kind. */
export async function claimOfReviewLink(tokens: TokenService, token: string): Promise<ReviewClaim | null> {
  const subject = await tokens.verifyFor(PURPOSE, token);
  if (subject === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(subject);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return null;
  const [pageId, stage, revision, email] = parsed as unknown[];
  if (
    !whole(pageId, MAX_SERIAL_ID) ||
    pageId < 1 ||
    !whole(stage, 100) ||
    !whole(revision, Number.MAX_SAFE_INTEGER)
  )
    return null;
  if (typeof email !== 'string' || email === '') return null;
  return { pageId, stage, revision, email };
}
