import { textOf } from '../context';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionEntries, sectionFields } from './blockProps';

export function VehicleHighlightsBlock({ block, id }: BlockProps) {
  const title = textOf(sectionFields(block, 'content').title);
  const highlights = sectionEntries(block, 'highlights');
  return (
    <section className="site-block site-highlights" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      <ul className="site-highlights__list">
        {highlights.map((highlight, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: highlights have no identity of their own
          <li key={index}>
            <h3 className="site-highlights__label">{textOf(highlight.label)}</h3>
            <p>{textOf(highlight.description)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
