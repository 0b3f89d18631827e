import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PREVIEW_LINK_DAYS } from '@/api/contract/pages';
import { fileUrlFrom } from '@/shared/site';
import type { Config } from '../config';
import type { Db } from '../db/open';
import { PREVIEW_PATH, pageIdOfPreview } from '../domain/site/previewLinks';
import { savedPreviewOf } from '../domain/site/previewPage';
import { createSiteReader } from '../domain/site/reader';
import { renderDeadPreview, renderPreview } from '../site/previewHtml';

/** The site's stylesheet, served beside the preview pages that use it. */
const STYLESHEET = `${PREVIEW_PATH}site.css`;

/** Every answer of a preview link: never indexed, never cached, and the token never sent on as a referrer. */
function previewHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Cache-Control', 'private, no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

/**
 * GET /site/_preview/<token>: the page a share-preview link names, as last saved, rendered by the
 * site's own components, to anyone holding the link. Dead (410) once it has expired
 * (PREVIEW_LINK_DAYS days), when it was tampered with, or when the page has been deleted.
 */
export async function sitePreview(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const fileUrl = fileUrlFrom(config.publicUrl);
  const reader = createSiteReader(db, { fileUrl });
  const css = readFileSync(fileURLToPath(new URL('../../src/site/site.css', import.meta.url)), 'utf8');

  app.get(STYLESHEET, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(css),
  );

  // A wildcard, not a parameter: a signed token is longer than the router lets a parameter be.
  app.get<{ Params: { '*': string } }>(
    `${PREVIEW_PATH}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const id = await pageIdOfPreview(app.tokens, request.params['*']);
      const saved = id === null ? null : await savedPreviewOf(reader, id);
      if (!saved) {
        const message =
          id === null
            ? `This preview link has expired or is not a valid link. Preview links work for ${PREVIEW_LINK_DAYS} days: ask for a new one.`
            : 'The page this preview link showed has been deleted.';
        return previewHeaders(reply).status(410).send(renderDeadPreview(message, STYLESHEET));
      }
      return previewHeaders(reply).send(renderPreview(saved.page, saved.context, STYLESHEET));
    },
  );
}
