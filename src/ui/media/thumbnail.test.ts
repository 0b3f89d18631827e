import { describe, expect, it } from 'vitest';
import { thumbnailAttributes } from './thumbnail';

const rendition = (format: 'avif' | 'webp' | 'jpeg', width: number) => ({
  format,
  width,
  url: `/media/r/abc/${width}.${format}`,
});

describe('a library thumbnail', () => {
  it('offers the WebP renditions, narrowest first, so the browser can take the smallest that covers the box', () => {
    const attributes = thumbnailAttributes(
      {
        url: '/storage/media/abc',
        width: 4000,
        height: 3000,
        renditions: [
          rendition('avif', 320),
          rendition('webp', 640),
          rendition('jpeg', 320),
          rendition('webp', 320),
        ],
      },
      '50vw',
    );
    expect(attributes).toEqual({
      src: '/media/r/abc/320.webp',
      srcSet: '/media/r/abc/320.webp 320w, /media/r/abc/640.webp 640w',
      sizes: '50vw',
      width: 4000,
      height: 3000,
    });
  });

  it('shows the stored file of an item without renditions (an SVG)', () => {
    expect(
      thumbnailAttributes({ url: '/storage/media/logo', width: null, height: null, renditions: [] }, '48px'),
    ).toEqual({
      src: '/storage/media/logo',
      srcSet: undefined,
      sizes: undefined,
      width: undefined,
      height: undefined,
    });
  });
});
