import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PREVIEW_LINK_DAYS } from '@/api/contract/pages';
import type { SitePage } from '@/api/contract/site';
import { approveBody, requestChangesBody } from '@/api/contract/workflows';
import type { SiteFormState } from '@/site/context';
import { embeddedFormHandles, loadSiteContext, SITE_BASE_PATH } from '@/site/siteContext';
import type { Db } from '../db/open';
import type { TokenService } from '../domain/auth/tokens';
import { actingAs } from '../domain/history/actor';
import type { NoticeMail } from '../domain/notifications/notify';
import { approvePage, requestChanges } from '../domain/pages/review';
import { linkStanding } from '../domain/pages/reviewLinks';
import { type EnquiryDesk, TOO_MANY_ENQUIRIES } from '../domain/submissions';
import { HttpError } from '../http/errors';
import { siteAssets } from './assets';
import type { ContentVersionReader } from './contentVersion';
import { renderSiteDocument } from './document';
import {
  ANSWER_CUT,
  FORM_NOT_SENT,
  formPostErrors,
  MESSAGE_TOO_LONG,
  pagePathOf,
  postedFields,
  readFormPosts,
  refusalPage,
  reviewPostErrors,
  siteUrlOf,
  UNKNOWN_FORM,
  UNSUPPORTED,
} from './formPosts';
import { createPageCache } from './pageCache';
import { PREVIEW_PATH, pageIdOfPreview } from './previewLinks';
import type { SiteReader } from './reader';
import { claimOfReviewLink, REVIEW_PATH } from './reviewLinks';

/**
 * The site's Content-Security-Policy: its own stylesheet and script only (no inline script or
 * style, so no per-request nonce: a page is the same bytes for every visitor and can be kept), images from anywhere secure (editors link them), YouTube and Vimeo players in frames,
 * and forms posting back to the site.
 */
export const SITE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "media-src 'self' https:",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The website's pages are not calls of the API: the OpenAPI document leaves them out. */
const HIDDEN = { schema: { hide: true } };
/**
 * A page's address as the site's page routes alone take it: `/site`, then slug segments of
 * letters, digits and hyphens, no query. Nothing encoded and no `_` (the site's own paths, such as
 * its assets and links, start with one), so no other route can answer it.
 */
const PLAIN_PAGE_URL = new RegExp(`^${SITE_BASE_PATH}(?:/[A-Za-z0-9-]+)*/?$`);

/** The errors per question name, from the submit call's `fields.<name>` keys. */
function errorsByQuestion(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, messages]) => [key.replace(/^fields\./, ''), messages]),
  );
}

/** Every answer of a preview link: never indexed, never cached, and the token never sent on as a referrer. */
function previewHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('Content-Security-Policy', SITE_CSP)
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Cache-Control', 'private, no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

/**
 * The HTML site under /site/: every published page rendered on the server from the delivery API's
 * reader, a designed 404, its own CSP, a fingerprinted stylesheet and script, embedded forms that
 * post without JavaScript, and share-preview links. Each page's context comes from the one
 * loadSiteContext, as the builder's preview gets its own.
 */
export function htmlSiteRoutes(
  app: FastifyInstance,
  {
    reader,
    desk,
    tokens,
    contentVersion,
    review,
  }: {
    reader: SiteReader;
    desk: EnquiryDesk;
    tokens: TokenService;
    contentVersion: ContentVersionReader;
    /** What a reviewer's link acts on: the database, and the jobs an approval's publish time needs. */
    review: { db: Db; mail: NoticeMail; schedule: (ids: readonly number[]) => Promise<void> };
  },
) {
  const assets = siteAssets(app);
  const pages = createPageCache(contentVersion, () => render(null), {
    headers: { 'Content-Security-Policy': SITE_CSP },
  });

  readFormPosts(app);

  /** `?children_page=` of a long list of children: a whole number from 1, else the first page. */
  const childrenPageOf = (request: FastifyRequest): number => {
    const asked = Number((request.query as { children_page?: unknown }).children_page);
    return Number.isSafeInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1;
  };

  async function render(page: SitePage | null, formStates: Record<string, SiteFormState> = {}) {
    const context = await loadSiteContext(reader, page, { formStates });
    return renderSiteDocument(page ? { kind: 'page', page, context } : { kind: 'notFound', context }, {
      assets,
    });
  }

  /** A page as only this visitor gets it (a form's answer): made for the request, kept by no one. */
  async function sendPage(
    reply: FastifyReply,
    page: SitePage | null,
    status: number,
    formStates: Record<string, SiteFormState> = {},
  ) {
    const html = await render(page, formStates);
    reply.header('Content-Security-Policy', SITE_CSP);
    reply.header('Cache-Control', 'private, no-store');
    return reply
      .status(page ? status : 404)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /**
   * A page as every visitor gets it, kept per content version (the designed 404 once for every
   * unknown address). `?sent=` shows a form's thank-you message in place: that one is made apart.
   */
  const sentOf = (request: FastifyRequest): string | null => {
    const sent = (request.query as { sent?: unknown }).sent;
    return typeof sent === 'string' && sent ? sent : null;
  };
  /** Where a page as every visitor gets it is kept. */
  const keyOf = (request: FastifyRequest) => `page ${childrenPageOf(request)} ${pagePathOf(request)}`;

  const showPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const sent = sentOf(request);
    if (sent) {
      const page = await reader.page(pagePathOf(request), childrenPageOf(request));
      return sendPage(reply, page, 200, { [sent]: { values: {}, errors: {}, sent: true } });
    }
    const path = pagePathOf(request);
    const childrenPage = childrenPageOf(request);
    reply.header('Content-Security-Policy', SITE_CSP);
    return pages.send(request, reply, keyOf(request), async () => {
      const page = await reader.page(path, childrenPage);
      return page ? render(page) : null;
    });
  };

  const refusePost = refusalPage(assets, SITE_CSP);

  /**
   * A form posted without JavaScript, to the page that shows it: sent through the same desk as
   * POST /api/responses/submit; on success a 303 to the page showing the thank-you message, else
   * the page again with the errors beside their fields and the typed values kept (422, 413 for a
   * post too long, or 429). A post of another type (415) or for a form the page lacks (422) is told so.
   */
  const postForm = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pagePathOf(request);
    const page = await reader.page(path);
    if (!page) return sendPage(reply, null, 404);
    const posted = postedFields(request.body);
    if (!posted) return refusePost(reply, 415, FORM_NOT_SENT, UNSUPPORTED, path);
    const { handle, fields } = posted;
    if (!embeddedFormHandles(page).includes(handle))
      return refusePost(reply, 422, FORM_NOT_SENT, UNKNOWN_FORM, path);
    if (posted.tooLong) {
      const errors = {
        _: [MESSAGE_TOO_LONG],
        ...Object.fromEntries(posted.cut.map((name) => [name, [ANSWER_CUT]])),
      };
      return sendPage(reply, page, 413, { [handle]: { values: fields, errors } });
    }
    const result = await desk.submit(request.ip, handle, fields);
    if (result.status === 'stored')
      return reply.redirect(`${siteUrlOf(path)}?sent=${encodeURIComponent(handle)}`, 303);
    if (result.status === 'missing') return refusePost(reply, 422, FORM_NOT_SENT, UNKNOWN_FORM, path);
    if (result.status === 'limited') {
      reply.header('Retry-After', String(result.retryAfterSeconds));
      return sendPage(reply, page, 429, {
        [handle]: { values: fields, errors: { _: [TOO_MANY_ENQUIRIES] } },
      });
    }
    return sendPage(reply, page, 422, {
      [handle]: { values: fields, errors: errorsByQuestion(result.errors) },
    });
  };

  /**
   * A share-preview link: the page it names as last saved, published or not, in its place on the
   * published site (the same context as the site gives it), to anyone holding the link. Dead (410)
   * once it has expired (PREVIEW_LINK_DAYS days), when it was tampered with, or once the page is
   * deleted. A wildcard, not a parameter: a signed token is longer than the router lets a parameter be.
   */
  const showPreview = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const id = await pageIdOfPreview(tokens, request.params['*']);
    const page = id === null ? null : await reader.savedPage(id);
    if (!page) {
      const message =
        id === null
          ? `This preview link has expired or is not a valid link. Preview links work for ${PREVIEW_LINK_DAYS} days: ask for a new one.`
          : 'The page this preview link showed has been deleted.';
      return previewHeaders(reply)
        .status(410)
        .send(
          renderSiteDocument(
            { kind: 'message', title: 'Preview link not available', message },
            { assets, preview: true },
          ),
        );
    }
    const context = await loadSiteContext(reader, page);
    return previewHeaders(reply).send(
      renderSiteDocument({ kind: 'page', page, context }, { assets, preview: true }),
    );
  };

  /** A reviewer's link refused: expired or forged (410), its page gone (404) or moved on (409), a post past the body limit (413). */
  const refuseReview = (
    reply: FastifyReply,
    status: number,
    message: string,
    title = 'Review link not available',
  ) =>
    previewHeaders(reply)
      .status(status)
      .send(renderSiteDocument({ kind: 'message', title, message }, { assets, preview: true }));

  const EXPIRED_REVIEW = `This review link has expired or is not a valid link. Review links work for ${PREVIEW_LINK_DAYS} days: ask for a new one.`;

  /**
   * A reviewer's link (issue #28): the page as last saved, as a share-preview link shows it, with
   * Approve and Request changes for the reviewer it names, while the page waits at the revision
   * and in the stage the link was made for. `?done=` says what the reviewer just did.
   */
  const showReview = async (
    request: FastifyRequest<{ Params: { '*': string } }>,
    reply: FastifyReply,
    asked: { comment: string; error: string | null; status: number } = {
      comment: '',
      error: null,
      status: 200,
    },
  ) => {
    const token = request.params['*'];
    const claim = await claimOfReviewLink(tokens, token);
    if (!claim) return refuseReview(reply, 410, EXPIRED_REVIEW);
    const done = (request.query as { done?: unknown }).done;
    if (request.method === 'GET' && (done === 'approved' || done === 'changes')) {
      return previewHeaders(reply).send(
        renderSiteDocument(
          {
            kind: 'message',
            title: 'Thank you',
            message:
              done === 'approved'
                ? `Your approval is recorded under ${claim.email}.`
                : `Your request for changes is recorded under ${claim.email}; the page goes back to its editors.`,
          },
          { assets, preview: true },
        ),
      );
    }
    const standing = await linkStanding(review.db, claim);
    if (!standing.ok) return refuseReview(reply, standing.status, standing.message);
    const page = await reader.savedPage(claim.pageId);
    if (!page) return refuseReview(reply, 404, 'The page this link showed has been deleted.');
    const context = await loadSiteContext(reader, page);
    return previewHeaders(reply)
      .status(asked.status)
      .send(
        renderSiteDocument(
          { kind: 'page', page, context },
          {
            assets,
            preview: true,
            review: {
              action: `${REVIEW_PATH}${token}`,
              email: claim.email,
              stage: standing.stage,
              workflow: standing.workflow,
              comment: asked.comment,
              error: asked.error,
            },
          },
        ),
      );
  };

  /**
   * Approve or Request changes from a reviewer's link, as a plain form post: the same domain
   * calls as the console's, checked again under the review's lock, recorded under the e-mail the
   * link names; then a 303 to the link saying what was done.
   */
  const actOnReview = async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
    const token = request.params['*'];
    const claim = await claimOfReviewLink(tokens, token);
    if (!claim) return refuseReview(reply, 410, EXPIRED_REVIEW);
    const posted = postedFields(request.body);
    const comment = (posted?.fields.comment ?? '').trim();
    if (posted?.tooLong) return showReview(request, reply, { comment, error: MESSAGE_TOO_LONG, status: 413 });
    const decision = posted?.fields.decision;
    if (decision !== 'approve' && decision !== 'request-changes') {
      return showReview(request, reply, {
        comment,
        error: 'Choose Approve or Request changes.',
        status: 422,
      });
    }
    const checked = (decision === 'approve' ? approveBody : requestChangesBody).safeParse({
      id: claim.pageId,
      comment: decision === 'approve' && comment === '' ? undefined : comment,
    });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'Say what should change.';
      return showReview(request, reply, { comment, error: message, status: 422 });
    }
    const who = { viaLink: true as const, email: claim.email, stage: claim.stage, revision: claim.revision };
    try {
      await actingAs({ id: null, name: claim.email }, async () => {
        if (decision === 'approve') {
          await approvePage(review.db, review.mail, claim.pageId, checked.data.comment, who);
          await review.schedule([claim.pageId]);
        } else {
          await requestChanges(review.db, review.mail, claim.pageId, comment, who);
        }
      });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) {
        return refuseReview(reply, error.statusCode, error.message);
      }
      throw error;
    }
    return reply.redirect(
      `${REVIEW_PATH}${token}?done=${decision === 'approve' ? 'approved' : 'changes'}`,
      303,
    );
  };

  app.get<{ Params: { '*': string } }>(`${PREVIEW_PATH}*`, HIDDEN, showPreview);
  app.get<{ Params: { '*': string } }>(`${REVIEW_PATH}*`, HIDDEN, (request, reply) =>
    showReview(request, reply),
  );
  app.post<{ Params: { '*': string } }>(
    `${REVIEW_PATH}*`,
    { ...HIDDEN, errorHandler: reviewPostErrors(refuseReview) },
    actOnReview,
  );
  /**
   * Before any other work on the request: a page kept at a content version known to hold goes out
   * straight from memory (see createPageCache's sendKept); anything else goes on to showPage.
   */
  const keptPage = (request: FastifyRequest, reply: FastifyReply, next: () => void) => {
    if (sentOf(request) || !pages.sendKept(request.raw, reply.raw, keyOf(request), () => reply.hijack()))
      next();
  };
  // The same, ahead of Fastify, for a plain page address (no query): the key keyOf gives it, worked
  // out once for each of the addresses asked for most lately.
  const keysOfUrls = new Map<string, string | null>();
  const keyOfUrl = (url: string): string | null => {
    let key = keysOfUrls.get(url);
    if (key === undefined) {
      key = PLAIN_PAGE_URL.test(url)
        ? `page 1 /${url.slice(SITE_BASE_PATH.length).replace(/^\/+|\/+$/g, '')}`
        : null;
      if (keysOfUrls.size >= 512) keysOfUrls.clear();
      keysOfUrls.set(url, key);
    }
    return key;
  };
  app.frontDoor.add((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const key = request.url === undefined ? null : keyOfUrl(request.url);
    return key !== null && pages.sendKept(request, response, key);
  });
  const pageRoute = { ...HIDDEN, onRequest: keptPage };
  app.get(SITE_BASE_PATH, pageRoute, showPage);
  app.get(`${SITE_BASE_PATH}/*`, pageRoute, showPage);
  const formRoute = { ...HIDDEN, errorHandler: formPostErrors(refusePost) };
  app.post(SITE_BASE_PATH, formRoute, postForm);
  app.post(`${SITE_BASE_PATH}/*`, formRoute, postForm);
}
