import type { FastifyInstance, FastifyReply } from 'fastify';
import { PREVIEW_LINK_DAYS } from '@/api/contract/pages';
import type { Db } from '../db/open';
import { PREVIEW_PATH, pageIdOfPreview } from '../domain/site/previewLinks';
import { savedPreviewOf } from '../domain/site/previewPage';
import { renderDeadPreview, renderPreview } from '../site/previewHtml';

/** Every answer of a preview link: never indexed, never cached, and the token never sent on as a referrer. */
function previewHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('X-Robots-Tag', 'noindex, nofollow')
    .header('Cache-Control', 'private, no-store')
    .header('Referrer-Policy', 'no-referrer')
    .type('text/html; charset=utf-8');
}

/**
 * GET /site/_preview/<token>: the page a share-preview link names, as last saved, rendered as the
 * site renders it, to anyone holding the link. Dead (410) once it has expired
 * (PREVIEW_LINK_DAYS days), when it was tampered with, or when the page has been deleted.
 */
export async function sitePreview(app: FastifyInstance, { db }: { db: Db }) {
  // A wildcard, not a parameter: a signed token is longer than the router lets a parameter be.
  app.get<{ Params: { '*': string } }>(
    `${PREVIEW_PATH}*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const id = await pageIdOfPreview(app.tokens, request.params['*']);
      const saved = id === null ? null : await savedPreviewOf(db, id);
      if (!saved) {
        return previewHeaders(reply)
          .status(410)
          .send(
            renderDeadPreview(
              id === null
                ? `This preview link has expired or is not a valid link. Preview links work for ${PREVIEW_LINK_DAYS} days: ask for a new one.`
                : 'The page this preview link showed has been deleted.',
            ),
          );
      }
      return previewHeaders(reply).send(renderPreview(saved));
    },
  );
}
