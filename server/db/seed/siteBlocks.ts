import type { FieldValue, PageItem } from '@/api/contract/blocks';
import { newBlockId } from '@/shared/blockIds';
import { PAGE_BLOCKS } from '@/shared/catalogue';

/**
 * Realistic blocks for the demo site's pages: a UK dealership group's homepage, offers, servicing,
 * contact and location pages, model and stock pages, and news. Every block is one the builder could
 * have saved (it passes the catalogue's checks), and a few are hidden, so the preview and the
 * delivery API show what hiding does.
 */

type Fields = Record<string, FieldValue>;
interface SectionValues {
  fields?: Fields;
  entries?: Fields[];
  hidden?: boolean;
}
/** A stored file a block shows. */
/** A library image a seeded block shows. */
export interface SeedFile {
  media_id: number;
}

const DAY = 24 * 3600_000;
/** A date some days from now, as a date field keeps it ('2026-03-05'). */
const day = (fromNow: number) => new Date(Date.now() + fromNow * DAY).toISOString().slice(0, 10);

function block(
  index: string,
  name: string,
  sections: Record<string, SectionValues>,
  hidden = false,
): PageItem {
  const definition = PAGE_BLOCKS[index]!;
  return {
    id: newBlockId(),
    index,
    name,
    hideable: { item: definition.hideable.item, sections: [...definition.hideable.sections] },
    hidden,
    sections: Object.fromEntries(
      Object.keys(definition.sections).map((key) => {
        const values = sections[key] ?? {};
        return [
          key,
          {
            hidden: values.hidden ?? false,
            fields: values.fields ?? {},
            entries: (values.entries ?? []).map((fields) => ({ opened: false, fields })),
          },
        ];
      }),
    ),
  };
}

const hero = (
  title: string,
  subtitle: string,
  button: { label: string; link: string } | null,
  slides: SeedFile[] = [],
) =>
  block('hero', 'Hero banner', {
    content: { fields: { title, subtitle, alignment: 'left' } },
    slides: {
      entries: slides.map((image, i) => ({
        image: [image],
        heading: ['Approved used cars', 'Service from £149', 'Electric test drives'][i % 3]!,
        link: ['/used-cars', '/servicing', '/new-cars'][i % 3]!,
      })),
    },
    button: button
      ? { fields: { ...button, style: 'primary' } }
      : { hidden: true, fields: { label: '', link: '', style: 'primary' } },
  });

const richText = (body: string, name = 'Rich text') =>
  block('rich_text', name, { content: { fields: { body } } });

const callToAction = (title: string, text: string, buttons: [string, string, string][]) =>
  block('call_to_action', 'Call to action', {
    content: { fields: { title, text, background: [] } },
    buttons: { entries: buttons.map(([label, link, style]) => ({ label, link, style })) },
  });

const faq = (title: string, questions: [string, string][]) =>
  block('faq', 'FAQ', {
    intro: { fields: { title } },
    questions: { entries: questions.map(([question, answer]) => ({ question, answer })) },
  });

interface Offer {
  title: string;
  price: string;
  terms: string;
  endsIn: number;
}
const offers = (title: string, description: string, list: Offer[]) =>
  block('offers', 'Offers', {
    intro: { fields: { title, description } },
    offers: {
      entries: list.map((offer) => ({
        title: offer.title,
        image: [],
        price: offer.price,
        terms: offer.terms,
        ends_at: day(offer.endsIn),
      })),
    },
  });

const highlights = (title: string, condition: string, list: [string, string][]) =>
  block('vehicle_highlights', 'Vehicle highlights', {
    content: { fields: { title, condition, limit: '3' } },
    highlights: { entries: list.map(([label, description]) => ({ label, description })) },
  });

const embeddedForm = (title: string, form: string, intro: string) =>
  block('embedded_form', 'Embedded form', { content: { fields: { title, form, intro } } });

const locator = (title: string) =>
  block('dealership_locator', 'Dealership locator', { content: { fields: { title, view: 'list' } } });

const video = (title: string, url: string, caption: string) =>
  block('video', 'Video', { content: { fields: { title, url, poster: [], caption } } });

const gallery = (title: string, images: SeedFile[]) =>
  block('gallery', 'Image gallery', { content: { fields: { title, images, columns: '3' } } });

const event = (title: string, startsIn: number, days: number, description: string, photos: SeedFile[] = []) =>
  block('event', 'Event', {
    content: { fields: { title, starts_at: day(startsIn), ends_at: day(startsIn + days), description } },
    gallery: { hidden: photos.length === 0, fields: { photos } },
  });

const FINANCE_TERMS =
  'Representative example: 48 monthly payments, 9,000 miles a year, 9.9% APR representative. Subject to status; guarantees may be required. Northway Motor Group is a credit broker, not a lender.';

const ALL_OFFERS: Offer[] = [
  {
    title: 'Nearly new SUVs from £249 a month',
    price: '£249 a month',
    terms: `£2,995 customer deposit. ${FINANCE_TERMS}`,
    endsIn: 30,
  },
  {
    title: 'Electric hatchback, 0% APR',
    price: '£299 a month',
    terms: `0% APR representative over 36 months, £3,500 deposit contribution included. ${FINANCE_TERMS}`,
    endsIn: 45,
  },
  {
    title: 'Fixed-price first service',
    price: '£149',
    terms: 'For cars up to three years old at any Northway service centre. Parts and labour included.',
    endsIn: 60,
  },
];

const SERVICE_FAQ: [string, string][] = [
  [
    'Will servicing with you keep my manufacturer warranty?',
    'Yes. We use genuine parts and follow the manufacturer’s schedule, so your **warranty stays intact**.',
  ],
  [
    'Can I wait while my car is serviced?',
    'Most services take under two hours. Our lounges have Wi-Fi and coffee, or take a free courtesy car.',
  ],
  [
    'Do you collect and deliver?',
    'Within 10 miles of a branch, yes: choose collection when you [book](/servicing/book-a-service).',
  ],
];

const BUYING_FAQ: [string, string][] = [
  [
    'Can I part-exchange my current car?',
    'Yes. Get a valuation online or at any branch; we honour it for seven days.',
  ],
  [
    'Do your used cars come with a warranty?',
    'Every approved used car has at least **12 months’ warranty**, a 150-point check and an MOT of 6 months or more.',
  ],
  ['Can I reserve a car online?', 'Reserve any car for £99, fully refundable, and we hold it for 48 hours.'],
  [
    'Do you deliver?',
    'We deliver anywhere on the UK mainland; delivery is free within 50 miles of a branch.',
  ],
];

/** The homepage: ten blocks and more, one of them hidden, and an event whose photos are hidden. */
export function homeBlocks(images: SeedFile[]): PageItem[] {
  return [
    hero(
      'Your next car, from people who care',
      'New and approved used cars, servicing and MOTs across Yorkshire and the North East, from a family-run group trading since 1978.',
      { label: 'Browse used cars', link: '/used-cars' },
      images.slice(0, 3),
    ),
    highlights('Why buy from Northway', 'used', [
      ['150-point check', 'Every approved used car is inspected by our own technicians.'],
      ['12 months’ warranty', 'Included on every approved used car, extendable to three years.'],
      ['7-day money back', 'Change your mind within a week or 250 miles, no questions asked.'],
    ]),
    offers(
      'This month’s offers',
      'Hand-picked deals across our brands. **Ask in branch** for a personal quote.',
      ALL_OFFERS,
    ),
    richText(
      '## Family-run, since 1978\n\nNorthway Motor Group began with one forecourt in Harrogate. Today our dealerships sell and look after more than 20,000 cars a year, and many of our customers have bought from us for three generations.\n\n- Honest part-exchange valuations\n- Finance from a panel of lenders\n- Free lifetime MOT with every used car',
      'About the group',
    ),
    callToAction(
      'Book a test drive today',
      'Try any new or used car at a branch near you, or we can bring it to your door.',
      [
        ['Book a test drive', '/contact-us', 'primary'],
        ['Find a dealership', '/dealership-locations', 'secondary'],
      ],
    ),
    faq('Buying a car: your questions', BUYING_FAQ),
    event(
      'Electric Car Weekend',
      14,
      1,
      'Drive the latest electric cars, talk to our EV specialists about home charging, and enjoy free refreshments. **No booking needed.**',
      images.slice(0, 2),
    ),
    video(
      'Inside our Harrogate workshop',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'Our master technicians explain what happens during a full service.',
    ),
    gallery('Our showrooms', images),
    locator('Visit a dealership'),
    richText(
      '### Winter tyre campaign\n\nFree winter tyre check until the end of February.',
      'Winter tyre campaign',
    ),
    block(
      'rich_text',
      'Spring sale teaser',
      { content: { fields: { body: 'Our **spring sale** opens soon: watch this space.' } } },
      true,
    ),
  ];
}

export function contactBlocks(): PageItem[] {
  return [
    richText(
      'Call us on **0113 496 0000** (Monday to Saturday, 8:30am to 6pm), e-mail [hello@northway.example](mailto:hello@northway.example), or send us a message below and the right team will reply within one working day.',
      'Introduction',
    ),
    embeddedForm(
      'Send us an enquiry',
      'interest-enquiry',
      'Tell us what you are looking for and how to reach you. We never share your details.',
    ),
    locator('Our dealerships'),
    faq('Before you get in touch', [
      ['How quickly will you reply?', 'Within one working day, usually the same afternoon.'],
      [
        'Can I visit without an appointment?',
        'Of course. Book ahead to make sure the car you want is ready to drive.',
      ],
    ]),
  ];
}

export function locationsBlocks(): PageItem[] {
  return [
    hero('Find a Northway dealership', 'Showrooms, service centres and MOT bays across the region.', null),
    locator('All our dealerships'),
    callToAction('Can’t make it in?', 'Video tours, home test drives and delivery to your door.', [
      ['Contact us', '/contact-us', 'primary'],
    ]),
  ];
}

export function offersBlocks(title: string): PageItem[] {
  return [
    hero(title, 'Limited-time deals on new and approved used cars.', {
      label: 'Enquire now',
      link: '/contact-us',
    }),
    offers(
      'Current offers',
      'Prices include VAT and delivery. Offers may be withdrawn at any time.',
      ALL_OFFERS,
    ),
    richText(`### The small print\n\n${FINANCE_TERMS}`, 'Terms'),
  ];
}

export function servicingBlocks(title: string): PageItem[] {
  return [
    hero(title, 'Manufacturer-trained technicians, genuine parts, and a free health check every visit.', {
      label: 'Book a service',
      link: '/servicing/book-a-service',
    }),
    offers('Servicing prices', 'Fixed prices for most makes and models.', [
      {
        title: 'Interim service',
        price: '£149',
        terms: 'Oil and filter change, 30-point check.',
        endsIn: 90,
      },
      { title: 'Full service', price: '£249', terms: 'Manufacturer schedule, 60-point check.', endsIn: 90 },
      { title: 'MOT', price: '£35', terms: 'Free retest within 10 working days.', endsIn: 90 },
    ]),
    faq('Servicing questions', SERVICE_FAQ),
    callToAction('Ready when you are', 'Book online in two minutes.', [
      ['Book a service', '/servicing/book-a-service', 'primary'],
    ]),
  ];
}

export function bookServiceBlocks(): PageItem[] {
  return [
    richText('Choose a date and a branch, and we will confirm your booking by e-mail.', 'Introduction'),
    embeddedForm('Book your service', 'service-enquiry', 'We confirm every booking within one working day.'),
  ];
}

export function aboutBlocks(images: SeedFile[]): PageItem[] {
  return [
    richText(
      '## Our story\n\nFrom a single forecourt in 1978 to a group of dealerships across the North, we have grown by treating every customer as a neighbour.\n\n> “The best car dealer I have ever used.” – Google review',
      'Our story',
    ),
    gallery('Around the group', images),
    video('Meet the team', 'https://vimeo.com/76979871', 'Forty years of Northway in three minutes.'),
  ];
}

export function modelBlocks(name: string, condition: 'new' | 'used'): PageItem[] {
  return [
    hero(
      name,
      condition === 'new'
        ? 'Available to order now, with 0% APR on selected trims.'
        : 'Approved used, inspected and warranted.',
      {
        label: 'Book a test drive',
        link: '/contact-us',
      },
    ),
    highlights(`Why choose the ${name}`, condition, [
      ['Economy', 'Up to 62 mpg combined, or 280 miles of electric range.'],
      ['Safety', 'Five-star Euro NCAP rating with autonomous emergency braking.'],
      ['Tech', 'Wireless Apple CarPlay and Android Auto as standard.'],
    ]),
    richText(
      `The ${name} is one of our most popular cars. Ask about part-exchange and finance at any branch.`,
    ),
  ];
}

export function newsBlocks(name: string, startsIn: number): PageItem[] {
  return [
    richText(
      `## ${name}\n\nNews from around the Northway group: new arrivals, community events and the people behind our dealerships.`,
    ),
    event(`${name}: open day`, startsIn, 0, 'Join us for coffee, test drives and family activities.'),
  ];
}

export function policyBlocks(): PageItem[] {
  return [
    richText(
      '## How we use your information\n\nWe keep the details you give us only to answer your enquiry and, if you agree, to send you offers. You can ask to see or delete your data at any time by e-mailing [privacy@northway.example](mailto:privacy@northway.example).',
    ),
  ];
}

/** Any other page: a short hero, a paragraph and a way to get in touch. */
export function generalBlocks(name: string): PageItem[] {
  return [
    hero(name, 'Everything you need to know, from the Northway team.', null),
    richText(`Find out more about ${name.toLowerCase()} at any of our branches, or call **0113 496 0000**.`),
    callToAction('Talk to us', 'Our team is happy to help.', [['Contact us', '/contact-us', 'primary']]),
  ];
}

/** One paragraph: the many generated pages of the large demo tree stay small and quick to write. */
export function briefBlocks(name: string): PageItem[] {
  return [richText(`${name}: ask any Northway branch for details.`)];
}
