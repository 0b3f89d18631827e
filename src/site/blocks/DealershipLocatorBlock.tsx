import type { SiteDealershipSummary } from '@/api/contract/site';
import { textOf } from '../context';
import { BlockHeading, labelledBy } from './BlockHeading';
import { type BlockProps, sectionFields } from './blockProps';

const DAYS = [
  ['monday', 'Monday'],
  ['tuesday', 'Tuesday'],
  ['wednesday', 'Wednesday'],
  ['thursday', 'Thursday'],
  ['friday', 'Friday'],
  ['saturday', 'Saturday'],
  ['sunday', 'Sunday'],
] as const;

function mapHref(dealership: SiteDealershipSummary): string {
  const { lat, lng } = dealership.address;
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

function Dealership({ dealership, id }: { dealership: SiteDealershipSummary; id: string }) {
  const { address } = dealership;
  const lines = [
    address.address_line_1,
    address.address_line_2,
    address.city,
    address.county,
    address.postcode,
  ];
  const sales = dealership.opening_times[0];
  return (
    <li className="site-card site-dealership">
      <div className="site-card__body">
        <h3 className="site-card__title" id={id}>
          {dealership.name}
        </h3>
        {dealership.brand ? <p className="site-dealership__brand">{dealership.brand.name}</p> : null}
        <address className="site-dealership__address">
          {lines
            .filter((line): line is string => Boolean(line?.trim()))
            .map((line) => (
              <span key={line}>{line}</span>
            ))}
        </address>
        <ul className="site-dealership__contact">
          {dealership.telephone ? (
            <li>
              Telephone:{' '}
              <a href={`tel:${dealership.telephone.replace(/[^\d+]/g, '')}`}>{dealership.telephone}</a>
            </li>
          ) : null}
          {dealership.email ? (
            <li>
              E-mail: <a href={`mailto:${dealership.email}`}>{dealership.email}</a>
            </li>
          ) : null}
          <li>
            <a href={mapHref(dealership)} aria-describedby={id}>
              Show on a map
            </a>
          </li>
        </ul>
        {sales ? (
          <table className="site-hours">
            <caption>{sales.department || 'Opening times'}</caption>
            <tbody>
              {DAYS.map(([key, day]) => (
                <tr key={key}>
                  <th scope="row">{day}</th>
                  <td>{sales.days[key] || 'Closed'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </li>
  );
}

/** The live dealerships, each with its address, contact details, opening times and a map link. */
export function DealershipLocatorBlock({ block, context, id }: BlockProps) {
  const title = textOf(sectionFields(block, 'content').title);
  return (
    <section className="site-block site-locator" aria-labelledby={labelledBy(id, title)}>
      <BlockHeading id={id} title={title} />
      {context.dealerships.length ? (
        <ul className="site-cards">
          {context.dealerships.map((dealership) => (
            <Dealership dealership={dealership} id={`${id}-${dealership.slug}`} key={dealership.slug} />
          ))}
        </ul>
      ) : (
        <p>Our dealerships will be listed here soon.</p>
      )}
    </section>
  );
}
