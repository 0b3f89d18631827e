import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_ANSWER_LENGTH } from '@/api/contract/responses';
import { FORM_HANDLE_FIELD } from '@/site/SiteFormView';
import { SITE_BASE_PATH } from '@/site/siteContext';
import { renderSiteDocument, type SiteAssetLinks } from './document';

// The site's forms as a browser without JavaScript posts them: URL-encoded, to the page that shows them.

/** The longest form post the site takes as it is. A longer one is read only to give back what fits. */
export const FORM_POST_LIMIT = 64 * 1024;

export const MESSAGE_TOO_LONG = 'Your message is too long to send. Shorten it and send it again.';
export const ANSWER_CUT = `This answer was too long: only its first ${MAX_ANSWER_LENGTH} characters are kept. Check it and send it again.`;
export const FORM_NOT_SENT = 'This form could not be sent';
export const UNREADABLE_TITLE = 'Your message is too long';
export const UNREADABLE =
  'What you sent is too long for this form to read, so it could not be kept. Go back, shorten your message and send it again.';
export const UNSUPPORTED =
  'The form was sent in a way this site does not read. Go back to the page and send the form from there.';
export const UNKNOWN_FORM =
  'This page has no such form: it may have changed since you opened it. Go back to the page and fill in its form again.';

/** A URL-encoded body as the site's parser reads it: each name's values, and whether it was past the limit. */
class PostedBody {
  constructor(
    readonly values: Record<string, string[]>,
    readonly tooLong: boolean,
  ) {}
}

/** Reads URL-encoded posts up to the server's body limit; past FORM_POST_LIMIT they are marked too long. */
export function readFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = String(body);
      const params = new URLSearchParams(text);
      const values = Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)]));
      done(null, new PostedBody(values, Buffer.byteLength(text) > FORM_POST_LIMIT));
    },
  );
}

/** A form post: its handle, each answer as its last value, and the answers cut to fit when it was too long. */
export interface FormPost {
  handle: string;
  fields: Record<string, string>;
  tooLong: boolean;
  /** The answers past MAX_ANSWER_LENGTH of a post that was too long, kept as their beginning. */
  cut: string[];
}

/** The post as the site reads it; null for a body that is not URL-encoded. */
export function postedFields(body: unknown): FormPost | null {
  if (!(body instanceof PostedBody)) return null;
  const fields: Record<string, string> = {};
  const cut: string[] = [];
  let handle = '';
  for (const [key, values] of Object.entries(body.values)) {
    let text = values.at(-1) ?? '';
    if (key === FORM_HANDLE_FIELD) {
      handle = text;
      continue;
    }
    if (body.tooLong && text.length > MAX_ANSWER_LENGTH) {
      text = text.slice(0, MAX_ANSWER_LENGTH);
      cut.push(key);
    }
    fields[key] = text;
  }
  return { handle, fields, tooLong: body.tooLong, cut };
}

/** The page path an address under /site names: '/site/' is '/', '/site/used-cars/kia' is '/used-cars/kia'. */
export function pagePathOf(request: FastifyRequest): string {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  return `/${rest.replace(/^\/+|\/+$/g, '')}`;
}

/** A page's address on the site. */
export const siteUrlOf = (path: string) => `${SITE_BASE_PATH}${path === '/' ? '/' : path}`;

/** A refusal shown as a page of the site: its title, what to do, and the way back to the page. */
export type SendRefusal = (
  reply: FastifyReply,
  status: number,
  title: string,
  message: string,
  path: string,
) => unknown;

/** A post refused as a page of the site saying why, with the way back to the page. */
export function refusalPage(assets: SiteAssetLinks, csp: string): SendRefusal {
  return (reply, status, title, message, path) =>
    reply
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'private, no-store')
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        renderSiteDocument(
          { kind: 'message', title, message, back: { href: siteUrlOf(path), label: 'Back to the page' } },
          { assets },
        ),
      );
}

/** The refusal of a post the site could not read at all: past the server's body limit, or of a type nothing reads. */
export function unreadablePost(
  error: FastifyError,
): { status: number; title: string; message: string } | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { status: 413, title: UNREADABLE_TITLE, message: UNREADABLE };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return { status: 415, title: FORM_NOT_SENT, message: UNSUPPORTED };
  return null;
}

/** A post the site could not read at all answers as a page of the site, not the API's JSON: what went wrong and the way back. */
export function formPostErrors(refuse: SendRefusal) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const refusal = unreadablePost(error);
    if (!refusal) throw error;
    return refuse(reply, refusal.status, refusal.title, refusal.message, pagePathOf(request));
  };
}

/** The same for a reviewer's post to a review link, as a page of the review saying why. */
export function reviewPostErrors(
  refuse: (reply: FastifyReply, status: number, message: string, title: string) => unknown,
) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const refusal = unreadablePost(error);
    if (!refusal) throw error;
    return refuse(reply, refusal.status, refusal.message, refusal.title);
  };
}
