import { and, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../open';
import { dealerships } from '../schema/dealerships';
import { vehicles } from '../schema/vehicles';
import { TOWNS } from './towns';

/** Models on a UK forecourt, with derivatives as a stock feed names them and a list price in pounds. */
const STOCK: [make: string, model: string, derivatives: string[], price: number][] = [
  ['Ford', 'Fiesta', ['1.0 EcoBoost Titanium 5dr', '1.0 EcoBoost ST-Line Edition 5dr'], 15_995],
  ['Ford', 'Puma', ['1.0 EcoBoost Hybrid mHEV ST-Line 5dr', '1.0 EcoBoost Hybrid mHEV Titanium 5dr'], 22_495],
  ['Ford', 'Kuga', ['2.5 PHEV ST-Line X 5dr CVT', '1.5 EcoBoost 150 Titanium 5dr'], 29_750],
  ['Volkswagen', 'Golf', ['1.5 TSI Life 5dr', '2.0 TDI Style 5dr DSG'], 24_990],
  ['Volkswagen', 'Polo', ['1.0 TSI Match 5dr', '1.0 TSI R-Line 5dr DSG'], 17_895],
  ['Volkswagen', 'Tiguan', ['1.5 eTSI Life 5dr DSG', '2.0 TDI Elegance 5dr DSG'], 33_450],
  ['Kia', 'Sportage', ['1.6T GDi HEV 3 5dr Auto', '1.6T GDi GT-Line 5dr'], 31_295],
  ['Kia', 'Niro', ['1.6 GDi HEV 2 5dr DCT', '150kW EV 4 64kWh 5dr Auto'], 28_895],
  ['Hyundai', 'Tucson', ['1.6 TGDi Hybrid Premium 5dr Auto', '1.6 TGDi Ultimate 5dr 2WD'], 30_495],
  ['Toyota', 'Yaris', ['1.5 Hybrid Icon 5dr CVT', '1.5 Hybrid Design 5dr CVT'], 19_995],
  ['Toyota', 'C-HR', ['1.8 Hybrid Icon 5dr CVT', '2.0 Hybrid GR Sport 5dr CVT'], 29_450],
  ['Nissan', 'Qashqai', ['1.3 DiG-T MH N-Connecta 5dr', '1.5 E-Power Tekna 5dr Auto'], 27_995],
  ['Vauxhall', 'Corsa', ['1.2 SE 5dr', '1.2 Turbo GS 5dr Auto'], 16_495],
  ['Peugeot', '2008', ['1.2 PureTech Active 5dr', '1.2 PureTech GT 5dr EAT8'], 23_650],
  ['BMW', '3 Series', ['320i M Sport 4dr Step Auto', '330e M Sport 4dr Step Auto'], 38_995],
  ['Audi', 'A3', ['30 TFSI Sport 5dr', '35 TFSI S Line 5dr S Tronic'], 28_750],
  ['Mercedes-Benz', 'A Class', ['A180 Sport Executive 5dr Auto', 'A200 AMG Line Premium 5dr Auto'], 30_495],
  ['Skoda', 'Octavia', ['1.5 TSI SE L 5dr', '2.0 TDI SE Technology Estate 5dr DSG'], 25_490],
  ['MG', 'ZS', ['1.5 VTi-TECH Excite 5dr', '1.0 T-GDi Exclusive 5dr DCT'], 17_995],
  ['Renault', 'Clio', ['1.0 TCe 90 Evolution 5dr', '1.6 E-TECH Hybrid Techno 5dr Auto'], 18_295],
];

const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';
const AGE_IDS = ['19', '69', '20', '70', '21', '71', '22', '72', '23', '73', '24', '74'];

/** A UK registration in the current format (two letters, age identifier, three letters), unique per n. */
export function registrationFor(n: number): string {
  const letter = (k: number) => LETTERS[k % LETTERS.length]!;
  const age = AGE_IDS[n % AGE_IDS.length]!;
  const rest = Math.floor(n / AGE_IDS.length);
  return `${letter(rest * 7 + 3)}${letter(rest)} ${age} ${letter(Math.floor(rest / 23))}${letter(Math.floor(rest / 529))}${letter(Math.floor(rest / 12167) + n)}`;
}

/**
 * Demo stock; with `sites` (dealership names), each vehicle is at one of them in turn, so the
 * reservations of the demo group belong to its dealerships; without, at a made-up one.
 */
export function demoVehicles(total: number, offset = 0, sites: readonly string[] = []) {
  return Array.from({ length: total }, (_, i) => {
    const n = i + offset;
    const [make, model, derivatives, price] = STOCK[n % STOCK.length]!;
    const town = TOWNS[(n * 5) % TOWNS.length]!;
    const ageYears = n % 6;
    return {
      registration: registrationFor(n),
      make,
      model,
      derivative: derivatives[n % derivatives.length]!,
      // Used stock loses value with age; prices end in 95 or 50 as forecourts price them.
      price: (Math.round((price * (1 - ageYears * 0.09)) / 100) * 100 - (n % 2 ? 5 : 50)) * 100,
      mileage: ageYears === 0 ? 10 + (n % 90) : ageYears * 8_500 + ((n * 137) % 4_000),
      dealership: sites.length > 0 ? sites[n % sites.length]! : `Northway ${make} ${town.city}`,
    };
  });
}

/** Adds `total` vehicles in batches (one statement per 1,000 rows), at the live dealerships if there are any. */
export async function seedVehicles(db: Db, total: number, offset = 0): Promise<void> {
  const sites = await db
    .select({ name: dealerships.name })
    .from(dealerships)
    .where(and(isNull(dealerships.deletedAt), isNotNull(dealerships.publishedAt)))
    .orderBy(dealerships.id);
  const names = sites.map((site) => site.name);
  for (let i = 0; i < total; i += 1000) {
    await db.insert(vehicles).values(demoVehicles(Math.min(1000, total - i), offset + i, names));
  }
}
