import { type Lead, PROVIDER_NAME, poundsOf } from './lead';

/**
 * Text and attribute values as XML: the five special characters as entities, and the characters
 * XML 1.0 cannot hold at all (control characters, lone surrogates) left out, so no answer a
 * visitor types can end an element or open another.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
    );
}

type Attributes = Record<string, string | null | undefined>;

/** One element with its escaped text (or children already written), on its own line. */
function element(name: string, content: string | null | undefined, attributes: Attributes = {}): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] != null)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  return `<${name}${attrs}>${escapeXml(content ?? '')}</${name}>`;
}

/**
 * An element holding others, each tag indented one step. Only lines that open with a tag are
 * indented: the second line of a comment is text (its own '<' escaped) and stays as written.
 */
function parent(name: string, children: (string | null)[], attributes: Attributes = {}): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] != null)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const inner = children
    .filter((child): child is string => child !== null)
    .flatMap((child) => child.split('\n'))
    .map((line) => (line.startsWith('<') ? `  ${line}` : line))
    .join('\n');
  return `<${name}${attrs}>\n${inner}\n</${name}>`;
}

/** ISO 8601 to the second, in UTC: 2026-11-29T09:30:00+00:00. */
export const requestDate = (at: Date) => `${at.toISOString().slice(0, 19)}+00:00`;

function vehicleOf(lead: Lead): string {
  const v = lead.vehicle;
  return parent(
    'vehicle',
    [
      v.registration ? element('id', v.registration, { source: 'registration' }) : null,
      element('year', v.year),
      element('make', v.make),
      element('model', v.model),
      v.trim ? element('trim', v.trim) : null,
      v.price
        ? element('price', poundsOf(v.price.pence), { type: 'asking', currency: v.price.currency })
        : null,
      v.paid
        ? parent('finance', [
            element('method', 'reservation'),
            element('amount', poundsOf(v.paid.pence), {
              type: 'downpayment',
              limit: 'exact',
              currency: v.paid.currency,
            }),
          ])
        : null,
      v.comments ? element('comments', v.comments) : null,
    ],
    { interest: v.interest, status: v.status },
  );
}

function customerOf(lead: Lead): string {
  const c = lead.customer;
  const names = c.first
    ? [element('name', c.first, { part: 'first' }), element('name', c.last, { part: 'last' })]
    : [element('name', c.name, { part: 'full' })];
  // A contact needs an e-mail or a phone: an empty e-mail stands in when the form asked neither.
  const reach = [
    c.email || !c.phone ? element('email', c.email ?? '') : null,
    c.phone ? element('phone', c.phone.number, { type: c.phone.type }) : null,
  ];
  // ADF's address needs a street; a postcode alone comes with an empty one.
  const address = c.postcode
    ? parent('address', [element('street', '', { line: '1' }), element('postalcode', c.postcode)])
    : null;
  return parent('customer', [
    parent('contact', [...names, ...reach, address], { primarycontact: '1' }),
    c.comments ? element('comments', c.comments) : null,
  ]);
}

function vendorOf(lead: Lead): string {
  const v = lead.vendor;
  const lines = v.address.lines.length > 0 ? v.address.lines : [''];
  return parent('vendor', [
    element('vendorname', v.name),
    parent('contact', [
      element('name', v.name, { part: 'full', type: 'business' }),
      element('email', v.email),
      element('phone', v.telephone, { type: 'voice' }),
      parent(
        'address',
        [
          ...lines.map((line, i) => element('street', line, { line: String(i + 1) })),
          element('city', v.address.city),
          element('postalcode', v.address.postcode),
          element('country', 'GB'),
        ],
        { type: 'work' },
      ),
    ]),
  ]);
}

/**
 * The lead as an ADF 1.0 document (the Auto-lead Data Format CRMs take by e-mail): the XML
 * declaration, ADF's processing instruction, and one prospect, valid against the ADF 1.0 DTD.
 */
export function adfDocument(lead: Lead): string {
  const prospect = parent(
    'prospect',
    [
      element('id', lead.id, { sequence: '1', source: PROVIDER_NAME }),
      element('requestdate', requestDate(lead.requestedAt)),
      vehicleOf(lead),
      customerOf(lead),
      vendorOf(lead),
      parent('provider', [element('name', PROVIDER_NAME, { part: 'full' }), element('service', lead.title)]),
    ],
    { status: 'new' },
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?adf version="1.0"?>',
    parent('adf', [prospect]),
    '',
  ].join('\n');
}
