import { filesOf, textOf } from '../context';
import { SitePicture } from '../SitePicture';
import { gridSizes } from '../sizes';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionFields } from './blockProps';

/** What a file from before the library reserves: a 3:2 card. */
const CARD_SIZE = { width: 640, height: 427 };

export function GalleryBlock({ block, id }: BlockProps) {
  const content = sectionFields(block, 'content');
  const title = textOf(content.title);
  const images = filesOf(content.images);
  if (!images.length && !title) return null;
  const columns = ['2', '3', '4'].includes(textOf(content.columns)) ? textOf(content.columns) : '3';
  return (
    <section className="site-block site-gallery" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      <ul className={`site-gallery__grid site-columns-${columns}`}>
        {images.map((image) => (
          <li key={image.url}>
            <SitePicture image={image} sizes={gridSizes(Number(columns), 2)} fallbackSize={CARD_SIZE} />
          </li>
        ))}
      </ul>
    </section>
  );
}
