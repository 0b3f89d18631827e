import { filesOf, longDate, textOf } from '../context';
import { Markdown } from '../Markdown';
import { SitePicture } from '../SitePicture';
import { CARD_SIZES } from '../sizes';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionEntries, sectionFields } from './blockProps';

export function OffersBlock({ block, id }: BlockProps) {
  const intro = sectionFields(block, 'intro');
  const title = textOf(intro.title);
  const offers = sectionEntries(block, 'offers');
  return (
    <section className="site-block site-offers" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      <Markdown text={textOf(intro.description)} />
      <ul className="site-cards">
        {offers.map((offer, index) => {
          const image = filesOf(offer.image)[0];
          const ends = longDate(textOf(offer.ends_at));
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: offers have no identity of their own
            <li className="site-card" key={index}>
              {image ? (
                <SitePicture image={image} sizes={CARD_SIZES} fallbackSize={{ width: 640, height: 427 }} />
              ) : null}
              <div className="site-card__body">
                <h3 className="site-card__title">{textOf(offer.title)}</h3>
                {textOf(offer.price) ? <p className="site-offer__price">{textOf(offer.price)}</p> : null}
                {textOf(offer.terms) ? <p className="site-offer__terms">{textOf(offer.terms)}</p> : null}
                {ends ? <p className="site-offer__ends">Offer ends {ends}</p> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
