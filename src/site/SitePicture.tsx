import type { SiteFile } from '@/api/contract/site';
import { RENDITION_TYPES, type RenditionFormat } from '@/shared/renditions';
import { altFromName } from './context';

export interface SitePictureProps {
  image: SiteFile;
  /** How wide the image shows, as the `sizes` attribute says it ('100vw', '(min-width: 60rem) 33vw, 100vw'). */
  sizes: string;
  className?: string | undefined;
  /** The page's main image (a hero): fetched first and preloaded, never lazily. */
  priority?: boolean;
  /** Without a text alternative of its own, the image says nothing (a background behind text), not its file name. */
  decorative?: boolean;
  /** The size to reserve when the image does not say its own (a file from before the library). */
  fallbackSize?: { width: number; height: number } | undefined;
}

/** A format's renditions as a `srcset` ('a.avif 320w, b.avif 640w'), smallest first. */
export function srcsetOf(image: SiteFile, format: RenditionFormat): string {
  return (image.renditions ?? [])
    .filter((rendition) => rendition.format === format)
    .sort((a, b) => a.width - b.width)
    .map((rendition) => `${rendition.url} ${rendition.width}w`)
    .join(', ');
}

/** The preload of a priority image: the browser starts it before it reads the `<picture>`. */
export function SitePicturePreload({ image, sizes }: Pick<SitePictureProps, 'image' | 'sizes'>) {
  const format = (['avif', 'webp', 'jpeg'] as const).find((f) => srcsetOf(image, f));
  if (!format) return <link rel="preload" as="image" href={image.url} fetchPriority="high" />;
  return (
    <link
      rel="preload"
      as="image"
      type={RENDITION_TYPES[format]}
      imageSrcSet={srcsetOf(image, format)}
      imageSizes={sizes}
      fetchPriority="high"
    />
  );
}

/**
 * An image as the site shows it: a `<picture>` offering AVIF, then WebP, then JPEG at every width
 * it has, with `sizes` so the browser fetches the smallest that fills its slot, and `width` and
 * `height` so the page keeps its place while it loads. Lazy unless it is the page's main image.
 * A file without renditions (uploaded before the library) is a plain `<img>`.
 */
export function SitePicture({
  image,
  sizes,
  className,
  priority,
  decorative,
  fallbackSize,
}: SitePictureProps) {
  const alt = image.alt ?? (decorative ? '' : altFromName(image.name));
  const size = image.width && image.height ? { width: image.width, height: image.height } : fallbackSize;
  const loading = priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const };
  const jpeg = srcsetOf(image, 'jpeg');
  const img = (
    <img
      className={className}
      src={
        jpeg
          ? (image.renditions?.find((r) => r.format === 'jpeg' && r.width >= 640)?.url ?? image.url)
          : image.url
      }
      srcSet={jpeg || undefined}
      sizes={jpeg ? sizes : undefined}
      alt={alt}
      width={size?.width}
      height={size?.height}
      decoding="async"
      {...loading}
    />
  );
  if (!image.renditions?.length) return img;
  return (
    <picture className="site-picture">
      {(['avif', 'webp'] as const).map((format) =>
        srcsetOf(image, format) ? (
          <source
            key={format}
            type={RENDITION_TYPES[format]}
            srcSet={srcsetOf(image, format)}
            sizes={sizes}
          />
        ) : null,
      )}
      {img}
    </picture>
  );
}
