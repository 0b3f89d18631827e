import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SitePage } from '@/api/contract/site';
import { fileUrlFrom } from '@/shared/site';
import type { SiteFormState } from '@/site/context';
import { FORM_HANDLE_FIELD } from '@/site/SiteFormView';
import type { Config } from '../config';
import type { Database } from '../db/open';
import { createSiteReader, type SiteReader } from '../domain/site/reader';
import {
  embeddedFormHandles,
  renderSiteDocument,
  SITE_BASE_PATH,
  type SiteAssetLinks,
  siteContextFor,
} from '../domain/site/renderSite';
import { createEnquiryDesk, type EnquiryDesk, TOO_MANY_ENQUIRIES } from '../domain/submissions';
import { enqueueOn } from './jobs';

/**
 * The site's Content-Security-Policy: its own stylesheet and script only (no inline script or
 * style), images from anywhere secure (editors link them), YouTube and Vimeo players in frames,
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

interface Asset {
  name: string;
  type: string;
  body: string;
}

/** A file of the site's renderer, served under a name that changes with its content. */
function fingerprinted(file: string, stem: string, extension: string, type: string): Asset {
  const body = readFileSync(new URL(`../../src/site/${file}`, import.meta.url), 'utf8');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `${stem}.${hash}.${extension}`, type, body };
}

/** The form's answers as posted: every field but the form's own handle, each as its last value. */
function postedFields(body: unknown): { handle: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  let handle = '';
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const text = Array.isArray(value) ? String(value.at(-1) ?? '') : typeof value === 'string' ? value : '';
      if (key === FORM_HANDLE_FIELD) handle = text;
      else fields[key] = text;
    }
  }
  return { handle, fields };
}

/** The errors per question name, from the submit call's `fields.<name>` keys. */
function errorsByQuestion(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, messages]) => [key.replace(/^fields\./, ''), messages]),
  );
}

/** The page path an address under /site names: '/site/' is '/', '/site/used-cars/kia' is '/used-cars/kia'. */
function pagePathOf(request: FastifyRequest): string {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  return `/${rest.replace(/^\/+|\/+$/g, '')}`;
}

function siteRoutes(
  app: FastifyInstance,
  { reader, desk, assets }: { reader: SiteReader; desk: EnquiryDesk; assets: Asset[] },
) {
  const links: SiteAssetLinks = {
    stylesheet: `${SITE_BASE_PATH}/_assets/${assets[0]!.name}`,
    script: `${SITE_BASE_PATH}/_assets/${assets[1]!.name}`,
  };

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const params = new URLSearchParams(String(body));
      done(null, Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)])));
    },
  );

  app.get('/site/_assets/:name', HIDDEN, async (request, reply) => {
    const asset = assets.find((candidate) => candidate.name === (request.params as { name: string }).name);
    if (!asset) return reply.status(404).type('text/plain').send('Not found.');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.type(asset.type).send(asset.body);
  });

  /** `?children_page=` of a long list of children: a whole number from 1, else the first page. */
  const childrenPageOf = (request: FastifyRequest): number => {
    const asked = Number((request.query as { children_page?: unknown }).children_page);
    return Number.isSafeInteger(asked) && asked >= 1 && asked <= 100_000 ? asked : 1;
  };

  async function sendPage(
    reply: FastifyReply,
    page: SitePage | null,
    status: number,
    formStates: Record<string, SiteFormState> = {},
  ) {
    const context = await siteContextFor(reader, page, formStates);
    reply.header('Content-Security-Policy', SITE_CSP);
    reply.header('Cache-Control', 'no-cache');
    return reply
      .status(page ? status : 404)
      .type('text/html; charset=utf-8')
      .send(renderSiteDocument(page, context, links));
  }

  const showPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const sent = (request.query as { sent?: unknown }).sent;
    const states: Record<string, SiteFormState> =
      typeof sent === 'string' && sent ? { [sent]: { values: {}, errors: {}, sent: true } } : {};
    return sendPage(reply, await reader.page(pagePathOf(request), childrenPageOf(request)), 200, states);
  };

  /**
   * A form posted without JavaScript, to the page that shows it: sent through the same desk as
   * POST /api/responses/submit; on success a 303 to the page showing the thank-you message, else
   * the page again with the errors beside their fields and the typed values kept (422, or 429).
   */
  const postForm = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pagePathOf(request);
    const { handle, fields } = postedFields(request.body);
    const page = await reader.page(path);
    if (!page || !embeddedFormHandles(page).includes(handle)) return sendPage(reply, null, 404);
    const result = await desk.submit(request.ip, handle, fields);
    if (result.status === 'stored') {
      const target = `${SITE_BASE_PATH}${path === '/' ? '/' : path}?sent=${encodeURIComponent(handle)}`;
      return reply.redirect(target, 303);
    }
    if (result.status === 'missing') return sendPage(reply, null, 404);
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

  app.get('/site', HIDDEN, showPage);
  app.get('/site/*', HIDDEN, showPage);
  app.post('/site', HIDDEN, postForm);
  app.post('/site/*', HIDDEN, postForm);
}

/**
 * The reference website under /site/: every published page rendered on the server from the
 * delivery API's reader, a designed 404, its own CSP, a fingerprinted stylesheet and script, and
 * embedded forms that post without JavaScript. Not wrapped in fastify-plugin: the form body parser
 * stays inside.
 */
export async function site(
  app: FastifyInstance,
  { config, database }: { config: Config; database: Database },
) {
  const reader = createSiteReader(database.db, { fileUrl: fileUrlFrom(config.publicUrl) });
  const desk = createEnquiryDesk({ db: database.db, enqueueMail: enqueueOn(app.jobs).mail });
  const assets = [
    fingerprinted('site.css', 'site', 'css', 'text/css; charset=utf-8'),
    fingerprinted('siteScript.js', 'site', 'js', 'text/javascript; charset=utf-8'),
  ];
  siteRoutes(app, { reader, desk, assets });
}
