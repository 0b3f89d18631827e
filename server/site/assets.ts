import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { SITE_BASE_PATH } from '@/site/siteContext';
import { SITE_STYLESHEET_PARTS, SITE_STYLESHEET_PATH } from '@/site/stylesheet';
import type { SiteAssetLinks } from './document';

interface Asset {
  name: string;
  type: string;
  body: string;
}

const ASSETS_PATH = `${SITE_BASE_PATH}/_assets/`;

const readSite = (file: string) => readFileSync(new URL(`../../src/site/${file}`, import.meta.url), 'utf8');

/** A file of the site, served under a name that changes with its content. */
function fingerprinted(body: string, stem: string, extension: string, type: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `${stem}.${hash}.${extension}`, type, body };
}

/**
 * The site's stylesheet (its parts joined in order) and its script, each served by one route under
 * a fingerprinted name and cached for a year. The stylesheet's stable address (what the builder's
 * preview links, as it cannot know the fingerprint) redirects to the current one.
 */
export function siteAssets(app: FastifyInstance): SiteAssetLinks {
  const stylesheet = fingerprinted(
    SITE_STYLESHEET_PARTS.map((part) => readSite(`styles/${part}`)).join('\n'),
    'site',
    'css',
    'text/css; charset=utf-8',
  );
  const script = fingerprinted(readSite('siteScript.js'), 'site', 'js', 'text/javascript; charset=utf-8');
  const assets = [stylesheet, script];
  const links = { stylesheet: `${ASSETS_PATH}${stylesheet.name}`, script: `${ASSETS_PATH}${script.name}` };

  app.get(`${ASSETS_PATH}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    if (`${ASSETS_PATH}${name}` === SITE_STYLESHEET_PATH)
      return reply.header('Cache-Control', 'no-cache').redirect(links.stylesheet, 302);
    const asset = assets.find((candidate) => candidate.name === name);
    if (!asset) return reply.status(404).type('text/plain').send('Not found.');
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return reply.type(asset.type).send(asset.body);
  });
  return links;
}
