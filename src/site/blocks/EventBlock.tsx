import { altFromName, filesOf, longDate, textOf } from '../context';
import { Markdown } from '../Markdown';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionFields } from './blockProps';

export function EventBlock({ block, id }: BlockProps) {
  const content = sectionFields(block, 'content');
  const title = textOf(content.title);
  const starts = longDate(textOf(content.starts_at));
  const ends = longDate(textOf(content.ends_at));
  const photos = filesOf(sectionFields(block, 'gallery').photos);
  const when = starts && ends && starts !== ends ? `${starts} to ${ends}` : starts || ends;
  return (
    <section className="site-block site-event" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      {when ? (
        <p className="site-event__when">
          <time dateTime={textOf(content.starts_at).slice(0, 10) || undefined}>{when}</time>
        </p>
      ) : null}
      <Markdown text={textOf(content.description)} />
      {photos.length ? (
        <ul className="site-gallery__grid site-columns-3">
          {photos.map((photo) => (
            <li key={photo.url}>
              <img src={photo.url} alt={altFromName(photo.name)} loading="lazy" width={640} height={427} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
