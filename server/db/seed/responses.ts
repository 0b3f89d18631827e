import { type SQL, sql } from 'drizzle-orm';
import type { ResponseHandle } from '@/api/contract/responses';
import { type Question, questionsOf } from '@/shared/answers';
import { storeSelectedResponses } from '../../domain/responses';
import type { Db } from '../open';
import { responseEmailedTotals } from '../schema/responses';
import { ENQUIRY_FORM_ITEMS } from './forms';
import { FIRST_NAMES, LAST_NAMES } from './people';
import { TOWNS } from './towns';

/** Forms the demo site has had enquiries through; the others show N/A. */
const ACTIVE: ResponseHandle[] = [
  'new-car-enquiry',
  'used-vehicle-enquiry',
  'test-drive',
  'service-enquiry',
  'mot-enquiry',
  'parts-enquiry',
  'newsletter',
  'offer-enquiry',
];
const MODELS = [
  'Kia Sportage 1.6T GDi HEV 3',
  'Ford Puma 1.0 EcoBoost ST-Line',
  'Volkswagen Golf 1.5 TSI Life',
];

/** Each form's questions, worked out once: the large seed writes a million enquiries. */
const QUESTIONS = new Map<ResponseHandle, Question[]>();
const questionsFor = (handle: ResponseHandle) => {
  let found = QUESTIONS.get(handle);
  if (!found) {
    found = questionsOf(ENQUIRY_FORM_ITEMS[handle]());
    QUESTIONS.set(handle, found);
  }
  return found;
};

/** A list as a SQL text array. */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}::text`),
    sql`, `,
  )}]`;

/** A letter picked by a SQL integer expression. */
const letter = (n: SQL) => sql`chr(65 + ((${n}) % 26)::int)`;

/** Each answer of the demo enquiry numbered `n` (a bigint column), as SQL text or null. */
function answerSql(n: SQL): Record<string, SQL> {
  const first = sql`(${textArray(FIRST_NAMES)})[1 + (${n} * 11 + 5) % ${FIRST_NAMES.length}]`;
  const last = sql`(${textArray(LAST_NAMES)})[1 + (${n} * 13 + 7) % ${LAST_NAMES.length}]`;
  const town = sql`(${textArray(TOWNS.map((t) => t.city))})[1 + ${n} % ${TOWNS.length}]`;
  return {
    name: sql`${first} || ' ' || ${last}`,
    email: sql`lower(${first} || '.' || ${last} || '.' || ${n} || '@example.net')`,
    telephone: sql`case when ${n} % 4 = 0 then null else '07' || left((700000000 + (${n} * 7919) % 99999999)::text, 9) end`,
    message: sql`case when ${n} % 3 = 0 then 'Please call me back about availability and finance.' end`,
    derivative: sql`(${textArray(MODELS)})[1 + ${n} % ${MODELS.length}]`,
    // The dealership the visitor chose (see `seedResponses`), or a made-up one when there are none.
    dealership: sql`coalesce(d.name, 'Northway ' || ${town})`,
    registration: sql`${letter(sql`${n} * 7 + 3`)} || ${letter(n)} || lpad(((${n} / 676) % 100)::text, 2, '0')
      || ' ' || ${letter(sql`${n} / 23`)} || ${letter(sql`${n} / 529`)} || ${letter(sql`${n} * 3`)}`,
    part: sql`'Front brake pads'`,
    offer: sql`'0% APR on the Sportage'`,
    mileage: sql`(12000 + (${n} % 50) * 900)::text`,
    preferred_date: sql`null::text`,
    service: sql`(array['Interim service', 'Full service', 'Major service'])[1 + ${n} % 3]`,
    marketing: sql`(${n} % 2 = 0)`,
    subscribe: sql`true`,
  };
}

/**
 * The stored answers of one form's demo enquiry: label and result per question of the form's
 * blocks, in the form's order (json, not jsonb, keeps that order).
 */
function dataSql(handle: ResponseHandle, n: SQL): SQL {
  const values = answerSql(n);
  const pairs = questionsFor(handle).map(
    (question) =>
      sql`${question.key}::text, json_build_object('label', ${question.label}::text, 'result', ${values[question.key] ?? sql`null::text`})`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Rows generated per statement: a million enquiries take ten. */
const CHUNK = 100_000;

/** Whether a form asks which dealership the enquiry is for. */
const asksDealership = (handle: ResponseHandle) => questionsFor(handle).some((q) => q.kind === 'dealership');

/**
 * `total` enquiries spread over the past `days` days, oldest first (ids follow time), made by the
 * database itself (generate_series) and counted in their daily totals as they are stored; and the
 * counts each form only e-mailed before the console kept them. A form that asks for a dealership
 * names one of the live dealerships in turn and belongs to it and its brand, as a visitor's
 * enquiry would; the others belong to their form's brand, which for the demo forms is none: the
 * group.
 */
export async function seedResponses(db: Db, total: number, days = 90, now = Date.now()): Promise<void> {
  const span = days * 24 * 3600_000;
  const n = sql`n`;
  const form = sql`((n * 5 + n % 3) % ${ACTIVE.length})`;
  const data = sql`case ${form} ${sql.join(
    ACTIVE.map((handle, i) => sql`when ${i} then ${dataSql(handle, n)}`),
    sql` `,
  )} end`;
  const choosing = ACTIVE.flatMap((handle, i) => (asksDealership(handle) ? [i] : []));
  const chose = sql`${form} in (${sql.join(
    choosing.map((i) => sql`${i}`),
    sql`, `,
  )})`;
  for (let start = 0; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK) - 1;
    await storeSelectedResponses(
      db,
      sql`select (${textArray(ACTIVE)})[1 + ${form}], ${data},
          to_timestamp((${now - span}::float8 + floor(n::float8 / ${total} * ${span})) / 1000),
          d.brand_id, d.id
        from generate_series(${start}::bigint, ${end}::bigint) as n
        left join live d on ${chose} and d.k = n % nullif((select count(*) from live), 0)
        order by n`,
      sql`live as (
        select row_number() over (order by id) - 1 as k, id, name, brand_id from dealerships
        where deleted_at is null and published_at is not null
      )`,
    );
  }
  await db
    .insert(responseEmailedTotals)
    .values([
      { handle: 'new-car-enquiry', total: 1840 },
      { handle: 'used-vehicle-enquiry', total: 2675 },
      { handle: 'service-enquiry', total: 960 },
    ])
    .onConflictDoNothing();
}
