import { asc, count, gt } from 'drizzle-orm';
import type { Db } from '../db/open';
import { vehicles } from '../db/schema/vehicles';
import type { ExportSource } from './exports';

const BATCH = 1000;

/** Every vehicle in stock, in registration order of entry; prices in pounds. */
export const vehicleExportSource: ExportSource = {
  title: 'Vehicles',
  name: 'vehicles',
  columns: [
    { header: 'Registration', width: 14 },
    { header: 'Make', width: 16 },
    { header: 'Model', width: 16 },
    { header: 'Derivative', width: 40 },
    { header: 'Price (£)', width: 12 },
    { header: 'Mileage', width: 10 },
    { header: 'Dealership', width: 32 },
  ],
  async count(db: Db) {
    const [row] = await db.select({ n: count() }).from(vehicles);
    return row?.n ?? 0;
  },
  async *batches(db: Db) {
    // Keyset paging: each batch is one indexed range read, however far the export has got.
    let after = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(vehicles)
        .where(gt(vehicles.id, after))
        .orderBy(asc(vehicles.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      after = rows.at(-1)!.id;
      yield rows.map((v) => [
        v.registration,
        v.make,
        v.model,
        v.derivative,
        v.price / 100,
        v.mileage,
        v.dealership,
      ]);
      if (rows.length < BATCH) return;
    }
  },
};
