import { PREVIEW_LINK_DAYS } from '@/api/contract/pages';
import { MAX_SERIAL_ID } from '../db/errors';
import type { TokenService } from '../domain/auth/tokens';

/** The audience of share-preview tokens: never an access token, nor any other link's token. */
const PURPOSE = 'site-preview';

/** Where a share-preview link opens, under the site's own paths. */
export const PREVIEW_PATH = '/site/_preview/';

export interface PreviewLink {
  /** The path of the link, '/site/_preview/<token>'. */
  path: string;
  expiresAt: Date;
}

/** A signed link to the saved state of page `pageId`, for PREVIEW_LINK_DAYS days (or until `expiresAt`). */
export async function mintPreviewLink(
  tokens: TokenService,
  pageId: number,
  expiresAt: Date = new Date(Date.now() + PREVIEW_LINK_DAYS * 24 * 60 * 60 * 1000),
): Promise<PreviewLink> {
  const token = await tokens.signFor(PURPOSE, String(pageId), expiresAt);
  return { path: `${PREVIEW_PATH}${token}`, expiresAt };
}

/** The page id a preview token names, or null when it is expired, tampered with or of another kind. */
export async function pageIdOfPreview(tokens: TokenService, token: string): Promise<number | null> {
  const subject = await tokens.verifyFor(PURPOSE, token);
  const id = Number(subject);
  return subject !== null && /^\d+$/.test(subject) && id >= 1 && id <= MAX_SERIAL_ID ? id : null;
}
