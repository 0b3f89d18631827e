// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteBlock, SiteFile } from '@/api/contract/site';
import { blockImageAspect, renditionHeight, renditionsAt } from '@/shared/renditions';
import { emptySettings, type SiteContext } from '@/site/context';
import { SiteBlocks } from '@/site/SiteBlocks';

const context: SiteContext = {
  basePath: '/site',
  settings: emptySettings,
  navigation: [],
  dealerships: [],
  forms: {},
};
const SHA = 'c0ffee'.padEnd(64, '0');

/** An image as the delivery API gives a block it: cropped to the block's aspect, with its renditions. */
function image(blockIndex: string, field: string, alt: string): SiteFile {
  const source = { sha256: SHA, width: 4000, height: 3000, focal_x: 0.3, focal_y: 0.6 };
  const aspect = blockImageAspect(blockIndex, field);
  return {
    url: `/media/original/${SHA}`,
    name: 'forecourt.jpg',
    alt,
    width: 2560,
    height: renditionHeight(source, aspect, 2560),
    focal_point: { x: 0.3, y: 0.6 },
    renditions: renditionsAt(source, aspect),
  };
}

const block = (index: string, sections: SiteBlock['sections']): SiteBlock => ({
  index,
  name: index,
  sections,
});
const html = (blocks: SiteBlock[]) => renderToStaticMarkup(<SiteBlocks blocks={blocks} context={context} />);

describe('images on the site', () => {
  const hero = block('hero', {
    content: { fields: { title: 'Spring sale' }, entries: [] },
    slides: { fields: {}, entries: [{ image: [image('hero', 'image', '')], heading: 'New Sportage' }] },
  });
  const gallery = block('gallery', {
    content: {
      fields: {
        title: 'Showroom',
        columns: '3',
        images: [image('gallery', 'images', 'The Leeds showroom at dusk')],
      },
      entries: [],
    },
  });

  it('offers AVIF, WebP and JPEG at every width, with sizes and the size the page reserves', () => {
    const out = html([gallery]);
    const avif = renditionsAt({ sha256: SHA, width: 4000, height: 3000, focal_x: 0.3, focal_y: 0.6 }, '3x2')
      .filter((r) => r.format === 'avif')
      .map((r) => `${r.url} ${r.width}w`)
      .join(', ');
    expect(out).toContain(
      `<source type="image/avif" srcSet="${avif}" sizes="(min-width: 72rem) 23.4rem, (min-width: 48rem) calc((100vw - 2rem) / 3), calc((100vw - 2rem) / 2)"/>`,
    );
    expect(out).toMatch(
      /<source type="image\/webp" srcSet="[^"]*3x2-f30-60-w320\.webp 320w, [^"]*w2560\.webp 2560w"/,
    );
    expect(out).toMatch(
      /<img src="[^"]*3x2-f30-60-w640\.jpg" srcSet="[^"]*w320\.jpg 320w, .*w2560\.jpg 2560w" sizes=/,
    );
    // 3:2 at 2560 wide: the page keeps a 2560 x 1707 box while it loads.
    expect(out).toContain(
      'alt="The Leeds showroom at dusk" width="2560" height="1707" decoding="async" loading="lazy"',
    );
    expect(out.indexOf('image/avif')).toBeLessThan(out.indexOf('image/webp'));
  });

  it('fetches the hero first and preloads it, and lazy-loads the images below it', () => {
    const out = html([hero, gallery]);
    expect(out).toMatch(
      /<link rel="preload" as="image" type="image\/avif" imageSrcSet="[^"]*16x9-f30-60-w320\.avif 320w, [^"]*" imageSizes="\(min-width: 72rem\) 70rem, calc\(100vw - 2rem\)" fetchPriority="high"\/>/,
    );
    const heroImg = /<img class="site-hero__image"[^>]*>/.exec(out)?.[0] ?? '';
    expect(heroImg).toContain('fetchPriority="high"');
    expect(heroImg).toContain('width="2560" height="1440"');
    expect(heroImg).not.toContain('loading=');
    const galleryImg = /<img [^>]*alt="The Leeds showroom at dusk"[^>]*>/.exec(out)?.[0] ?? '';
    expect(galleryImg).toContain('loading="lazy"');
  });

  it('shows a file from before the library as a plain image of the reserved size', () => {
    const old = block('gallery', {
      content: {
        fields: { images: [{ url: '/storage/builder/a.jpg', name: 'ford-focus_front.jpg' }] },
        entries: [],
      },
    });
    expect(html([old])).toContain(
      '<img src="/storage/builder/a.jpg" alt="ford focus front" width="640" height="427" decoding="async" loading="lazy"/>',
    );
  });
});
