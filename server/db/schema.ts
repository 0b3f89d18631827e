import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const stamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow(),
};
const deletedAt = timestamp('deleted_at', { withTimezone: true, mode: 'date', precision: 3 });

export interface UserMeta {
  telephone?: string | null;
  job_title?: string | null;
  avatar?: string | null;
}

/** What the users list searches: name and e-mail in one trigram-indexed text. */
export const userSearchText = (t: { name: PgColumn; email: PgColumn }) =>
  sql`(${t.name} || ' ' || ${t.email})`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    meta: jsonb('meta').$type<UserMeta>().notNull().default({}),
    ...stamps,
    deletedAt,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // Lists page active or binned users newest first.
    index('users_list_idx').on(t.deletedAt, t.id),
    // Substring search (ILIKE '%...%'), as for brands and dealerships.
    index('users_search_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A signed-in session: one family of rotating refresh tokens. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: stamps.createdAt,
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the token: the token itself is never stored. */
    hash: text('hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-ins per key (`email:...` or `ip:...`) within a window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A vehicle make as the stock feed knows it; brands store its `code` (0 means none). */
export const manufacturers = pgTable(
  'manufacturers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: integer('code').notNull(),
    type: text('type').$type<'Car' | 'LCV'>().notNull(),
  },
  (t) => [
    check('manufacturers_type_check', sql`${t.type} in ('Car', 'LCV')`),
    // A brand names its make by type and code; the form lists one type by name.
    uniqueIndex('manufacturers_type_code_unique').on(t.type, t.code),
    index('manufacturers_type_name_idx').on(t.type, t.name),
  ],
);

export interface BrandMeta {
  logo?: string | null;
}

/** The text a brand list search looks through; the same expression is indexed, so the index serves it. */
export const brandSearchText = (t: { name: PgColumn; slug: PgColumn }) =>
  sql`(${t.name} || ' ' || ${t.slug})`;

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** The make's short code in the stock feed (e.g. KIA); not edited in the console. */
    code: text('code'),
    live: boolean('live').notNull().default(false),
    isFake: boolean('is_fake').notNull().default(false),
    /** Manufacturer codes (Car and LCV); 0 means none. */
    manufacturerId: integer('manufacturer_id').notNull().default(0),
    lcvManufacturerId: integer('lcv_manufacturer_id').notNull().default(0),
    meta: jsonb('meta').$type<BrandMeta>().notNull().default({}),
    sortOrder: integer('sort_order').notNull().default(0),
    ...stamps,
    deletedAt,
  },
  (t) => [
    // Unique among all brands, binned ones too: a restored brand keeps its address.
    uniqueIndex('brands_slug_unique').on(sql`lower(${t.slug})`),
    // The All tab pages in sort order; positions of active brands are unique (1..n, see ordering.ts).
    uniqueIndex('brands_position_unique').on(t.sortOrder).where(sql`${t.deletedAt} is null`),
    // The Bin tab keeps the positions binned brands last had, so they can repeat: ties by id.
    index('brands_bin_order_idx').on(t.sortOrder, t.id).where(sql`${t.deletedAt} is not null`),
    // Substring search (ILIKE '%...%') through a trigram index. Written straight into the index
    // (no pending list): PGlite has no autovacuum to flush one, and edits here are rare.
    index('brands_search_idx')
      .using('gin', sql`${brandSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A dealer known to the vehicle stock feed. */
export const vehicleDealers = pgTable(
  'vehicle_dealers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: stamps.createdAt,
  },
  (t) => [index('vehicle_dealers_name_idx').on(t.name)],
);

export interface DealershipAddress {
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  postcode: string;
  county: string;
  lat: number;
  lng: number;
}

export type DealershipDays = Record<
  'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday',
  string | null
>;

export interface DealershipOpeningTimes {
  department: string;
  days: DealershipDays;
}

export interface DealershipTeamMember {
  name: string;
  content: string | null;
  image: string[];
}

/** Stored image paths (each list holds at most one, spec §5). */
export interface DealershipImages {
  banner_img: string[];
  dealer_img: string[];
}

/** What a dealership list search looks through: name, slug, town and postcode. */
export const dealershipSearchText = (t: { name: PgColumn; slug: PgColumn; address: PgColumn }) =>
  sql`(${t.name} || ' ' || ${t.slug} || ' ' || coalesce(${t.address}->>'city', '') || ' ' || coalesce(${t.address}->>'postcode', ''))`;

export const dealerships = pgTable(
  'dealerships',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    copy: text('copy'),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    vehiclesDealerId: integer('vehicles_dealer_id').references(() => vehicleDealers.id, {
      onDelete: 'set null',
    }),
    images: jsonb('images').$type<DealershipImages>().notNull().default({ banner_img: [], dealer_img: [] }),
    email: text('email').notNull(),
    telephone: text('telephone').notNull(),
    address: jsonb('address').$type<DealershipAddress>().notNull(),
    openingTimes: jsonb('opening_times').$type<DealershipOpeningTimes[]>().notNull().default([]),
    team: jsonb('team').$type<DealershipTeamMember[]>().notNull().default([]),
    quoteeUid: text('quotee_uid'),
    pinnacleEnquiryId: text('pinnacle_enquiry_id').notNull(),
    pinnacleUsedEnquiryId: text('pinnacle_used_enquiry_id').notNull(),
    /** Live means published: set when the dealership went live, null otherwise. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date', precision: 3 }),
    sortOrder: integer('sort_order').notNull().default(0),
    ...stamps,
    deletedAt,
  },
  (t) => [
    uniqueIndex('dealerships_slug_unique').on(sql`lower(${t.slug})`),
    uniqueIndex('dealerships_position_unique').on(t.sortOrder).where(sql`${t.deletedAt} is null`),
    index('dealerships_bin_order_idx').on(t.sortOrder, t.id).where(sql`${t.deletedAt} is not null`),
    index('dealerships_search_idx')
      .using('gin', sql`${dealershipSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Deleting a brand or a stock-feed dealer forever clears these references.
    index('dealerships_brand_idx').on(t.brandId),
    index('dealerships_vehicles_dealer_idx').on(t.vehiclesDealerId),
  ],
);

export interface PageMetaColumn {
  title: string;
  description: string;
}

/** A form's e-mails (spec §3 Form); null on pages. */
export interface FormEmailsColumn {
  subject: string;
  email_title: string;
  email_body: string;
  send_email: 0 | 1;
  email_lists: string[];
  email_type: 'dealerships' | 'emails';
}

export interface ThankYouColumn {
  title: string;
  description: string;
}

/**
 * Page templates (spec §3 Template): the blocks a child page starts with and the locks it is
 * given. Templates have no bin: the spec gives them no delete.
 */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    locked: boolean('locked').notNull().default(false),
    /** Pages made from this template start locked. */
    lockPages: boolean('lock_pages').notNull().default(false),
    isAllowedChildren: boolean('is_allowed_children').notNull().default(false),
    ...stamps,
  },
  (t) => [
    // The child template selector names templates: two of one name could not be told apart.
    uniqueIndex('templates_name_unique').on(sql`lower(${t.name})`),
  ],
);

/**
 * Pages and forms share one tree table: a form is a page with a handle (kept in `slug`), e-mails
 * and a thank-you message. `kind` keeps the two trees apart; a parent is always of the same kind.
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<'page' | 'form'>().notNull().default('page'),
    name: text('name').notNull(),
    /** Pages: the full path ('/' for the homepage, else parent's slug + '/' + own part). Forms: the handle. */
    slug: text('slug').notNull(),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): PgColumn => pages.id),
    /** Dense, 1-based position among the parent's children. */
    sortOrder: integer('sort_order').notNull(),
    meta: jsonb('meta').$type<PageMetaColumn>().notNull().default({ title: '', description: '' }),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date', precision: 3 }),
    items: jsonb('items').$type<unknown[]>().notNull().default([]),
    configurables: jsonb('configurables').$type<Record<string, unknown>>().notNull().default({}),
    locked: boolean('locked').notNull().default(false),
    childTemplateId: integer('child_template_id').references(() => templates.id, { onDelete: 'set null' }),
    sortBy: text('sort_by').$type<'sort_order' | 'published_at'>().notNull().default('sort_order'),
    sortByMode: text('sort_by_mode').$type<'asc' | 'desc'>().notNull().default('asc'),
    isAllowedChildren: boolean('is_allowed_children').notNull().default(false),
    isTreeRecursive: boolean('is_tree_recursive').notNull().default(false),
    emails: jsonb('emails').$type<FormEmailsColumn>(),
    thankYou: jsonb('thank_you').$type<ThankYouColumn>(),
    ...stamps,
    /** Set by a delete: the page stays restorable (Undo) for a short while, then is removed. */
    deletedAt,
  },
  (t) => [
    check('pages_kind_check', sql`${t.kind} in ('page', 'form')`),
    check('pages_sort_by_check', sql`${t.sortBy} in ('sort_order', 'published_at')`),
    check('pages_sort_by_mode_check', sql`${t.sortByMode} in ('asc', 'desc')`),
    check('pages_not_own_parent', sql`${t.parentId} is distinct from ${t.id}`),
    // Live pages are unique by slug within their kind; a deleted one waiting for Undo holds none.
    uniqueIndex('pages_slug_unique').on(t.kind, t.slug).where(sql`${t.deletedAt} is null`),
    // One parent's children in order, and whether a page has children at all.
    index('pages_parent_order_idx').on(t.parentId, t.sortOrder).where(sql`${t.deletedAt} is null`),
    index('pages_top_order_idx')
      .on(t.kind, t.sortOrder)
      .where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    index('pages_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index('pages_brand_idx').on(t.brandId),
  ],
);

/**
 * What the page search looks through, one row per page, kept up to date by a trigger on the
 * page's name and slug. Apart from the pages so that renumbering siblings (which rewrites many
 * rows' sort_order) never touches the trigram index.
 */
export const pageSearch = pgTable(
  'page_search',
  {
    pageId: integer('page_id')
      .primaryKey()
      .references(() => pages.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
  },
  (t) => [
    index('page_search_text_idx').using('gin', sql`${t.text} gin_trgm_ops`).with({ fastupdate: false }),
  ],
);

/** One row per settings group key; `site` holds the site settings form (spec §3 Site settings). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: stamps.updatedAt,
});

/** Stock for sale: what the vehicles export sends. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    registration: text('registration').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    derivative: text('derivative').notNull(),
    /** In pence. */
    price: integer('price').notNull(),
    mileage: integer('mileage').notNull(),
    dealership: text('dealership').notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('vehicles_registration_unique').on(t.registration)],
);

export type ExportKind = 'vehicles' | 'responses';
export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

/**
 * A background export: what was asked, how far it got and whether its mail went. The queue
 * carries only the id, so a retried job resumes from what is stored here.
 */
export const exports = pgTable(
  'exports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ExportKind>().notNull(),
    email: text('email').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    attempts: integer('attempts').notNull().default(0),
    /** Set by the one run that may send the mail; a stale claim (its process died) can be taken over. */
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [index('exports_created_idx').on(t.createdAt)],
);

export type ImportKind = 'page' | 'form';
export type ImportStatus = 'queued' | 'running' | 'done' | 'rejected' | 'failed';
/** A row of an imported sheet that was refused, and why (spreadsheet row number and column header). */
export interface ImportRejection {
  row: number;
  column: string;
  reason: string;
}

/**
 * A spreadsheet import: what was uploaded, how far its job got, what it created or refused, and
 * whether its confirmation mail went. `appliedAt` is set in the transaction that creates the
 * records, so a run after a crash knows whether they exist.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ImportKind>().notNull(),
    provider: text('provider').notNull(),
    email: text('email').notNull(),
    /** The upload on disk, under the data directory's imports folder. */
    file: text('file').notNull(),
    filename: text('filename').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total'),
    created: integer('created').notNull().default(0),
    rejected: jsonb('rejected').$type<ImportRejection[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date', precision: 3 }),
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date', precision: 3 }),
    error: text('error'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [index('imports_kind_created_idx').on(t.kind, t.createdAt)],
);

/**
 * What the reservations list searches: name, e-mail and registration, lower-cased as ILIKE compares
 * them. Stored beside the row, so a search's recheck of each candidate row is a plain LIKE.
 */
const reservationSearchText = (t: { name: PgColumn; email: PgColumn; registration: PgColumn }) =>
  sql`lower(${t.name} || ' ' || ${t.email} || ' ' || ${t.registration})`;

/** A paid vehicle reservation, made and refunded at the card payment provider (spec §3 Reservation). */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    postalCode: text('postal_code'),
    registration: text('registration').notNull(),
    reservedAt: timestamp('reserved_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    /** When the refunded amount last grew; null while nothing is refunded. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** In the currency's smallest unit (pence for gbp). */
    amount: integer('amount').notNull(),
    /** ISO 4217, lower case, as Stripe names it. */
    currency: text('currency').notNull().default('gbp'),
    /** What is refunded so far, in the same unit: below `amount` a partial refund, equal a full one. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /**
     * The refunded amount the latest charge event carried, and that event's time: refund events
     * newer than it adjust it (see `payment_refunds`), older ones are already counted in it.
     */
    chargeRefunded: integer('charge_refunded').notNull().default(0),
    chargeSeenAt: timestamp('charge_seen_at', { withTimezone: true, mode: 'date', precision: 3 }),
    /** Card brand, expiry year and last four digits; null when the charge was paid without a card. */
    brand: text('brand'),
    expYear: integer('exp_year'),
    last4: text('last4'),
    chargeId: text('charge_id').notNull(),
    ...stamps,
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => reservationSearchText(reservations)),
  },
  (t) => [
    uniqueIndex('reservations_charge_unique').on(t.chargeId),
    // Newest first is the list's only order.
    index('reservations_reserved_idx').on(t.reservedAt.desc(), t.id.desc()),
    index('reservations_search_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Reservations per day (UTC) and what they paid, kept with every stored reservation so the list's
 * total and the dashboard read a row a day, never every reservation.
 */
export const reservationDailyTotals = pgTable('reservation_daily_totals', {
  day: date('day', { mode: 'string' }).primaryKey(),
  total: integer('total').notNull().default(0),
  /** In pence. */
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
});

/** Every payment provider event already applied: a replayed event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: stamps.createdAt,
});

/**
 * Each refund of a charge as its latest refund event described it. A refund event may arrive
 * before, after or between the charge's own events; the charge's refunded amount is worked out
 * from the newest charge event and the refunds updated after it.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id').notNull(),
    amount: integer('amount').notNull(),
    /** Pending or succeeded: the money is (being) returned. Failed or canceled: it is not. */
    active: boolean('active').notNull(),
    /** When the refund was made at Stripe. */
    refundCreatedAt: timestamp('refund_created_at', {
      withTimezone: true,
      mode: 'date',
      precision: 3,
    }).notNull(),
    /** The time of the event that last described it. */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [index('payment_refunds_charge_idx').on(t.chargeId)],
);

/** One answer of a stored enquiry: the question as the form labelled it and what was entered. */
export interface ResponseAnswer {
  label: string;
  result: string | number | boolean | string[] | null;
}

/**
 * An enquiry sent from the website's forms (spec §3 Response). Keyed by the form's handle, as the
 * website names it, so enquiries stay readable whatever happens to the form's page.
 */
export const responses = pgTable(
  'responses',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    /** json, not jsonb: the answers keep the order the form asked them in. */
    data: json('data').$type<Record<string, ResponseAnswer>>().notNull(),
    createdAt: stamps.createdAt,
  },
  // Each form's list pages newest first, and exports walk it in id order.
  (t) => [index('responses_handle_id_idx').on(t.handle, t.id)],
);

/**
 * Enquiries per form and day, kept with every stored enquiry so totals and the dashboard read a
 * few hundred rows, never a million.
 */
export const responseDailyTotals = pgTable(
  'response_daily_totals',
  {
    handle: text('handle').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.handle, t.day] }), index('response_daily_totals_day_idx').on(t.day)],
);

/** Enquiries a form sent by e-mail alone, before the console kept them: counted, never stored. */
export const responseEmailedTotals = pgTable('response_emailed_totals', {
  handle: text('handle').primaryKey(),
  total: integer('total').notNull().default(0),
});

/** A message for the mail job to send (see server/domain/mailQueue.ts). */
export interface QueuedMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

/**
 * Mail waiting for, or sent by, the mail job. Written in the same transaction as what it tells
 * of, so it is sent even when the process dies right after; `sent_at` keeps a retry from sending
 * it again.
 */
export const outboundMails = pgTable('outbound_mails', {
  id: serial('id').primaryKey(),
  message: jsonb('message').$type<QueuedMessage>().notNull(),
  /** The job attempt that may send it: a later attempt takes over from one whose process died. */
  claimedAttempt: integer('claimed_attempt'),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date', precision: 3 }),
  createdAt: stamps.createdAt,
});

/** Calls counted per key in fixed windows, shared by every API process on the database. */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rate_windows_start_idx').on(t.windowStart)],
);

/** Page views and distinct visitors per day, from the website's cookie-less collect call. */
export const analyticsDaily = pgTable('analytics_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  views: integer('views').notNull().default(0),
  visitors: integer('visitors').notNull().default(0),
});

/**
 * Who was seen on a day, as a salted hash that changes every day: enough to count a visitor
 * once a day, never enough to follow one from day to day. Old days can be deleted freely.
 */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * How many visitors each address has added on a day, under the address's salted hash: the
 * collect call counts a few per address and day at most, whatever browser strings it sends.
 */
export const analyticsAddresses = pgTable(
  'analytics_addresses',
  {
    day: date('day', { mode: 'string' }).notNull(),
    hash: text('hash').notNull(),
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.hash] })],
);

/**
 * The random salt of the visitor hashes of one day, shared by every API process. Only today's is
 * kept: once a day is over its salt is deleted, and its hashes can no longer be matched to anyone.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});
