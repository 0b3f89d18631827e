import { and, eq, inArray, sql } from 'drizzle-orm';
import { pageItem } from '@/api/contract/blocks';
import { newBlockId } from '@/shared/blockIds';
import { PAGE_BLOCKS } from '@/shared/catalogue';
import type { Db } from '../open';
import { pages, templates } from '../schema/pages';

type Fields = Record<string, string | null>;
interface Block {
  index: string;
  name: string;
  sections: Record<string, { fields?: Fields; entries?: { fields: Fields }[]; hidden?: boolean }>;
}

/** A block as the builder places it: an id, and its type's hideable flags (src/shared/items.ts). */
const block = (index: string, name: string, sections: Block['sections']) =>
  pageItem.parse({
    id: newBlockId(),
    index,
    name,
    hideable: PAGE_BLOCKS[index]!.hideable,
    sections,
  } satisfies Block & Record<string, unknown>);

const entries = (rows: Fields[]) => rows.map((fields) => ({ fields }));

/** A new-car model page: the range's hero, what stands out, photos, offers, questions and a test drive. */
const NEW_CAR_MODEL = [
  block('hero', 'Model hero', {
    content: {
      fields: { title: 'The all-new model', subtitle: 'Hybrid and electric, from stock.', alignment: 'left' },
    },
    slides: { entries: entries([{ heading: 'Book your test drive today', link: '/test-drive' }]) },
    button: { fields: { label: 'Book a test drive', link: '/test-drive', style: 'primary' } },
  }),
  block('vehicle_highlights', 'Highlights', {
    content: { fields: { title: 'Why you will love it', condition: 'new', limit: '3' } },
    highlights: {
      entries: entries([
        { label: 'Up to 400 miles of range', description: 'On a single charge (WLTP combined).' },
        { label: '7-year warranty', description: 'Or 100,000 miles, whichever comes first.' },
        { label: 'Five-star safety', description: 'Euro NCAP rated, with autonomous emergency braking.' },
      ]),
    },
  }),
  block('gallery', 'Gallery', { content: { fields: { title: 'Inside and out', columns: '3' } } }),
  block('offers', 'Model offers', {
    intro: { fields: { title: 'Current offers', description: 'Ask in showroom for the full terms.' } },
    offers: {
      entries: entries([
        {
          title: '0% APR representative',
          price: 'From £299 a month',
          terms: 'Subject to status.',
          ends_at: '2026-12-31',
        },
      ]),
    },
  }),
  block('faq', 'Questions', {
    intro: { fields: { title: 'Frequently asked questions' } },
    questions: {
      entries: entries([
        { question: 'How long is delivery?', answer: 'Cars in stock can be driven away **within a week**.' },
        { question: 'Can I part-exchange?', answer: 'Yes: value your car online or in any showroom.' },
      ]),
    },
  }),
  block('embedded_form', 'Test drive form', {
    content: {
      fields: { title: 'Book a test drive', form: 'test-drive', intro: 'Choose a day and a showroom.' },
    },
  }),
];

/** A dealership location page: where it is, what it offers, the team and how to get in touch. */
const DEALERSHIP_LOCATION = [
  block('hero', 'Showroom hero', {
    content: {
      fields: {
        title: 'Welcome to our showroom',
        subtitle: 'Sales, servicing and parts under one roof.',
        alignment: 'center',
      },
    },
  }),
  block('rich_text', 'About the dealership', {
    content: {
      fields: {
        body: '## About us\n\nFamily run since 1978, with a workshop approved by every brand we sell.',
      },
    },
  }),
  block('dealership_locator', 'Find us', { content: { fields: { title: 'Find us', view: 'map' } } }),
  block('call_to_action', 'Get in touch', {
    content: { fields: { title: 'Need a service?', text: 'Book online in two minutes.' } },
    buttons: {
      entries: entries([
        { label: 'Book a service', link: '/servicing/book-a-service', style: 'primary' },
        { label: 'Call us', link: 'tel:01632960000', style: 'secondary' },
      ]),
    },
  }),
  block('embedded_form', 'Service enquiry', {
    content: {
      fields: {
        title: 'Send us a message',
        form: 'service-enquiry',
        intro: 'We reply within one working day.',
      },
    },
  }),
];

/** An offer page: the headline, the offer itself, its terms and the enquiry form. */
const OFFER = [
  block('hero', 'Offer hero', {
    content: { fields: { title: 'Limited-time offer', subtitle: 'While stocks last.', alignment: 'left' } },
    button: { hidden: true, fields: { label: 'Enquire now', link: '#enquire', style: 'primary' } },
  }),
  block('offers', 'The offer', {
    intro: { fields: { title: 'This month only' } },
    offers: {
      entries: entries([{ title: 'Free servicing for 3 years', price: 'Worth £750', ends_at: '2026-12-31' }]),
    },
  }),
  block('rich_text', 'Terms', {
    content: {
      fields: {
        body: '### Terms and conditions\n\nAvailable on new retail orders. Finance subject to status. Over 18s only.',
      },
    },
  }),
  block('embedded_form', 'Offer enquiry', {
    content: { fields: { title: 'Enquire about this offer', form: 'offer-enquiry', intro: '' } },
  }),
];

export const DEMO_TEMPLATES = [
  { name: 'New car model', items: NEW_CAR_MODEL, locked: false, lockPages: false, isAllowedChildren: false },
  {
    name: 'Dealership location',
    items: DEALERSHIP_LOCATION,
    locked: true,
    lockPages: true,
    isAllowedChildren: false,
  },
  { name: 'Offer page', items: OFFER, locked: false, lockPages: false, isAllowedChildren: false },
];

/**
 * The templates new pages start from, linked as child templates: a brand's range under New Cars
 * starts from the model page, a dealership from the location page, an offer from the offer page.
 */
export async function seedTemplates(db: Db): Promise<void> {
  const [model, location, offer] = await db
    .insert(templates)
    .values(DEMO_TEMPLATES)
    .returning({ id: templates.id });
  const page = (slug: string) =>
    sql`(select id from ${pages} where ${pages.kind} = 'page' and ${pages.slug} = ${slug} and ${pages.deletedAt} is null)`;
  await db
    .update(pages)
    .set({ childTemplateId: model!.id })
    .where(and(eq(pages.kind, 'page'), sql`${pages.parentId} = ${page('new-cars')}`));
  await db
    .update(pages)
    .set({ childTemplateId: location!.id })
    .where(and(eq(pages.kind, 'page'), inArray(pages.slug, ['dealership-locations'])));
  await db
    .update(pages)
    .set({ childTemplateId: offer!.id })
    .where(and(eq(pages.kind, 'page'), inArray(pages.slug, ['offers'])));
}
