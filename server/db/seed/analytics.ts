import type { Db } from '../open';
import { analyticsDaily } from '../schema/analytics';

const DAY_MS = 86_400_000;

/** A year of website traffic: busier at weekends and in March and September, when plates change. */
export async function seedAnalytics(db: Db, days = 365, now = Date.now()): Promise<void> {
  const rows = Array.from({ length: days }, (_, i) => {
    const date = new Date(now - (days - 1 - i) * DAY_MS);
    const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 1.35 : 1;
    const plates = date.getUTCMonth() === 2 || date.getUTCMonth() === 8 ? 1.25 : 1;
    const visitors = Math.round((900 + ((i * 37) % 240)) * weekend * plates);
    return {
      day: date.toISOString().slice(0, 10),
      visitors,
      views: Math.round(visitors * (3.1 + (i % 7) * 0.1)),
    };
  });
  await db.insert(analyticsDaily).values(rows).onConflictDoNothing();
}
