import { filesOf, textOf } from '../context';
import { SitePicture } from '../SitePicture';
import { COLUMN_SIZES } from '../sizes';
import { BlockHeading, labelledBy } from './BlockHeading';
import { ButtonLink } from './ButtonLink';
import { type BlockProps, sectionEntries, sectionFields } from './blockProps';

export function CallToActionBlock({ block, context, id }: BlockProps) {
  const content = sectionFields(block, 'content');
  const title = textOf(content.title);
  const background = filesOf(content.background)[0];
  return (
    <section
      className={`site-block site-cta${background ? ' site-cta--image' : ''}`}
      aria-labelledby={labelledBy(id, title)}
    >
      {background ? (
        <SitePicture className="site-cta__image" image={background} sizes={COLUMN_SIZES} decorative />
      ) : null}
      <div className="site-cta__content">
        <BlockHeading id={id} title={title} />
        {textOf(content.text) ? <p>{textOf(content.text)}</p> : null}
        <div className="site-cta__buttons">
          {sectionEntries(block, 'buttons').map((button, index) => (
            <ButtonLink
              // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no identity of their own
              key={index}
              context={context}
              label={textOf(button.label)}
              link={textOf(button.link)}
              style={textOf(button.style)}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
