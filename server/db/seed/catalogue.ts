/** Demo data for a UK dealer group: the makes a stock feed knows, the group's brands and its teams (towns: towns.ts). */

/** Car makes sold in the UK, with the codes the stock feed gives them. */
export const CAR_MAKES: [name: string, code: number][] = [
  ['Abarth', 101],
  ['Alfa Romeo', 102],
  ['Aston Martin', 103],
  ['Audi', 104],
  ['Bentley', 105],
  ['BMW', 106],
  ['BYD', 107],
  ['Citroen', 108],
  ['Cupra', 109],
  ['Dacia', 110],
  ['DS', 111],
  ['Fiat', 112],
  ['Ford', 113],
  ['Genesis', 114],
  ['Honda', 115],
  ['Hyundai', 116],
  ['Jaguar', 117],
  ['Jeep', 118],
  ['Kia', 119],
  ['Land Rover', 120],
  ['Lexus', 121],
  ['Lotus', 122],
  ['Mazda', 123],
  ['Mercedes-Benz', 124],
  ['MG', 125],
  ['MINI', 126],
  ['Mitsubishi', 127],
  ['Nissan', 128],
  ['Peugeot', 129],
  ['Polestar', 130],
  ['Porsche', 131],
  ['Renault', 132],
  ['SEAT', 133],
  ['Skoda', 134],
  ['Smart', 135],
  ['SsangYong', 136],
  ['Subaru', 137],
  ['Suzuki', 138],
  ['Tesla', 139],
  ['Toyota', 140],
  ['Vauxhall', 141],
  ['Volkswagen', 142],
  ['Volvo', 143],
];

/** Light commercial vehicle makes, with their own codes. */
export const LCV_MAKES: [name: string, code: number][] = [
  ['Citroen', 501],
  ['Fiat Professional', 502],
  ['Ford', 503],
  ['Isuzu', 504],
  ['Iveco', 505],
  ['LEVC', 506],
  ['MAN', 507],
  ['Maxus', 508],
  ['Mercedes-Benz', 509],
  ['Nissan', 510],
  ['Peugeot', 511],
  ['Renault', 512],
  ['SsangYong', 513],
  ['Toyota', 514],
  ['Vauxhall', 515],
  ['Volkswagen Commercial Vehicles', 516],
];

export interface DemoBrand {
  name: string;
  slug: string;
  /** The stock feed's short code; none for a brand the feed does not know. */
  code: string | null;
  initials: string;
  colour: string;
  /** Car and LCV make names (looked up in the lists above), or null for none. */
  car: string | null;
  lcv: string | null;
  live?: boolean;
  isFake?: boolean;
  binned?: boolean;
}

export const DEMO_BRANDS: DemoBrand[] = [
  { name: 'Kia', slug: 'kia', code: 'KIA', initials: 'K', colour: '#05141f', car: 'Kia', lcv: null },
  {
    name: 'Hyundai',
    slug: 'hyundai',
    code: 'HYU',
    initials: 'H',
    colour: '#002c5f',
    car: 'Hyundai',
    lcv: null,
  },
  { name: 'Ford', slug: 'ford', code: 'FOR', initials: 'F', colour: '#1b3a8c', car: 'Ford', lcv: 'Ford' },
  {
    name: 'Vauxhall',
    slug: 'vauxhall',
    code: 'VAU',
    initials: 'V',
    colour: '#d4001a',
    car: 'Vauxhall',
    lcv: 'Vauxhall',
  },
  {
    name: 'Peugeot',
    slug: 'peugeot',
    code: 'PEU',
    initials: 'P',
    colour: '#1d1d1b',
    car: 'Peugeot',
    lcv: 'Peugeot',
  },
  {
    name: 'Citroën',
    slug: 'citroen',
    code: 'CIT',
    initials: 'C',
    colour: '#a3192e',
    car: 'Citroen',
    lcv: 'Citroen',
  },
  {
    name: 'Toyota',
    slug: 'toyota',
    code: 'TOY',
    initials: 'T',
    colour: '#eb0a1e',
    car: 'Toyota',
    lcv: 'Toyota',
  },
  {
    name: 'Nissan',
    slug: 'nissan',
    code: 'NIS',
    initials: 'N',
    colour: '#4a4a4a',
    car: 'Nissan',
    lcv: 'Nissan',
  },
  { name: 'MG Motor UK', slug: 'mg', code: 'MG', initials: 'MG', colour: '#8b1c22', car: 'MG', lcv: null },
  { name: 'Škoda', slug: 'skoda', code: 'SKO', initials: 'S', colour: '#0e3a2f', car: 'Skoda', lcv: null },
  {
    name: 'Renault',
    slug: 'renault',
    code: 'REN',
    initials: 'R',
    colour: '#f2c300',
    car: 'Renault',
    lcv: 'Renault',
  },
  {
    name: 'Volkswagen',
    slug: 'volkswagen',
    code: 'VW',
    initials: 'VW',
    colour: '#001e50',
    car: 'Volkswagen',
    lcv: 'Volkswagen Commercial Vehicles',
  },
  {
    name: 'Cupra',
    slug: 'cupra',
    code: 'CUP',
    initials: 'C',
    colour: '#95572b',
    car: 'Cupra',
    lcv: null,
    live: false,
  },
  {
    name: 'Approved Used',
    slug: 'approved-used',
    code: null,
    initials: 'AU',
    colour: '#2f6f4f',
    car: null,
    lcv: null,
    isFake: true,
  },
  {
    name: 'SsangYong',
    slug: 'ssangyong',
    code: 'SSY',
    initials: 'SY',
    colour: '#5b6770',
    car: 'SsangYong',
    lcv: 'SsangYong',
    binned: true,
  },
];

/** Who a site's team page introduces. */
export const TEAM_ROLES = [
  'General Manager',
  'Sales Manager',
  'Aftersales Manager',
  'Business Manager',
  'Service Advisor',
  'Parts Advisor',
];
