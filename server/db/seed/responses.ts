import { sql } from 'drizzle-orm';
import type { ResponseHandle } from '@/api/contract/responses';
import { type Question, questionsOf } from '@/blocks/answers';
import type { Db } from '../open';
import { type ResponseAnswer, responseDailyTotals, responseEmailedTotals, responses } from '../schema';
import { TOWNS } from './catalogue';
import { ENQUIRY_FORM_ITEMS } from './forms';
import { FIRST_NAMES, LAST_NAMES } from './people';
import { registrationFor } from './vehicles';

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

/** One enquiry's answers to its form's questions, in the order the form asks them. */
function answers(handle: ResponseHandle, n: number): Record<string, ResponseAnswer> {
  const first = FIRST_NAMES[(n * 11 + 5) % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(n * 13 + 7) % LAST_NAMES.length]!;
  const town = TOWNS[n % TOWNS.length]!;
  const values: Record<string, string | boolean | null> = {
    name: `${first} ${last}`,
    email: `${first}.${last}.${n}@example.net`.toLowerCase(),
    telephone: n % 4 === 0 ? null : `07${String(700000000 + ((n * 7919) % 99999999)).slice(0, 9)}`,
    message: n % 3 === 0 ? 'Please call me back about availability and finance.' : null,
    derivative: MODELS[n % MODELS.length]!,
    dealership: `Northway ${town.city}`,
    registration: registrationFor(n + 101),
    preferred_date: null,
    part: 'Front brake pads',
    offer: '0% APR on the Sportage',
    mileage: String(12000 + (n % 50) * 900),
    service: ['Interim service', 'Full service', 'Major service'][n % 3]!,
    marketing: n % 2 === 0,
    subscribe: true,
  };
  const data: Record<string, ResponseAnswer> = {};
  for (const question of questionsFor(handle)) {
    data[question.key] = { label: question.label, result: values[question.key] ?? null };
  }
  return data;
}

/**
 * `total` enquiries spread over the past `days` days, oldest first (ids follow time), with the
 * daily totals they add up to, and the counts each form only e-mailed before the console kept them.
 */
export async function seedResponses(db: Db, total: number, days = 90, now = Date.now()): Promise<void> {
  const span = days * 24 * 3600_000;
  const batchSize = 2000;
  for (let start = 0; start < total; start += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, total - start) }, (_, i) => {
      const n = start + i;
      const handle = ACTIVE[(n * 5 + (n % 3)) % ACTIVE.length]!;
      const createdAt = new Date(now - span + Math.floor((n / total) * span));
      return { handle, data: answers(handle, n), createdAt };
    });
    await db.insert(responses).values(rows);
    const perDay = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.handle}|${row.createdAt.toISOString().slice(0, 10)}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    await db
      .insert(responseDailyTotals)
      .values(
        [...perDay].map(([key, count]) => {
          const [handle, day] = key.split('|') as [string, string];
          return { handle, day, total: count };
        }),
      )
      .onConflictDoUpdate({
        target: [responseDailyTotals.handle, responseDailyTotals.day],
        set: { total: sql`${responseDailyTotals.total} + excluded.total` },
      });
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
