import { filesOf, linkHref, textOf } from '../context';
import { SitePicture, SitePicturePreload } from '../SitePicture';
import { COLUMN_SIZES } from '../sizes';
import { ButtonLink } from './ButtonLink';
import { type BlockProps, sectionEntries, sectionFields } from './blockProps';

/** The hero spans the page. */

export function HeroBlock({ block, context, id }: BlockProps) {
  const content = sectionFields(block, 'content');
  const button = sectionFields(block, 'button');
  const title = textOf(content.title);
  const alignment = textOf(content.alignment) || 'left';
  const slides = sectionEntries(block, 'slides');
  const first = slides.map((slide) => filesOf(slide.image)[0]).find(Boolean);
  return (
    <section
      className={`site-hero site-align-${alignment}${first ? ' site-hero--image' : ''}`}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      {first ? (
        <>
          <SitePicturePreload image={first} sizes={COLUMN_SIZES} />
          <SitePicture className="site-hero__image" image={first} sizes={COLUMN_SIZES} priority decorative />
        </>
      ) : null}
      <div className="site-hero__content">
        {title ? (
          <h2 className="site-hero__title" id={`${id}-title`}>
            {title}
          </h2>
        ) : null}
        {textOf(content.subtitle) ? <p className="site-hero__subtitle">{textOf(content.subtitle)}</p> : null}
        <ButtonLink
          context={context}
          label={textOf(button.label)}
          link={textOf(button.link)}
          style={textOf(button.style)}
        />
      </div>
      {slides.some((slide) => textOf(slide.heading)) ? (
        <ul className="site-hero__slides">
          {slides.map((slide, index) => {
            const heading = textOf(slide.heading);
            if (!heading) return null;
            const href = linkHref(context, textOf(slide.link));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no identity of their own
              <li key={index}>{href ? <a href={href}>{heading}</a> : heading}</li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
