/**
 * The vehicle page of the Lighthouse bench: twelve photographs of 3000 x 2000 (drawn from seeds)
 * uploaded into the media library through the API with their alt text, and a published site page
 * showing one as its hero and eleven in a gallery. Every rendition the page offers, and every one
 * the library lists for each item (its renditions job's work), is then asked for once, as visitors'
 * first requests would ask, so the audit times the page being served, not its images being encoded.
 */
import type { Budget } from './benchmark';
import { syntheticPhoto } from './photos';

const PHOTOS = 12;
const PHOTO_WIDTH = 3000;
const PHOTO_HEIGHT = 2000;
/** Renditions asked for at once: one per core, as the server makes visitors' renditions. */
const AT_ONCE = 2;

/** A JSON call of the API with a user's token; a form (an upload) goes as multipart. */
export async function apiCall<T>(
  base: string,
  token: string,
  path: string,
  body?: Record<string, unknown> | FormData,
): Promise<T> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`${base}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : body,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface LibraryItem {
  id: number;
  renditions: { url: string }[];
}

const VIEWS = [
  'front',
  'side',
  'rear',
  'interior',
  'dashboard',
  'boot',
  'wheel',
  'seats',
  'lights',
  'engine',
];

/** The photograph's alt text, as an editor would write it. */
const altOf = (index: number) => `The Sportage Hybrid, ${VIEWS[index % VIEWS.length]} view ${index + 1}`;

async function uploadPhoto(base: string, token: string, index: number): Promise<LibraryItem> {
  const bytes = await syntheticPhoto(PHOTO_WIDTH, PHOTO_HEIGHT, 300 + index);
  const form = new FormData();
  form.append(
    'files[]',
    new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    `sportage-${index + 1}.jpg`,
  );
  const uploaded = await apiCall<{ data: { item: LibraryItem | null; error: string | null }[] }>(
    base,
    token,
    'media/upload',
    form,
  );
  const item = uploaded.data[0]?.item;
  if (!item) throw new Error(`Photo ${index + 1} was refused: ${uploaded.data[0]?.error}`);
  await apiCall(base, token, `media/update/${item.id}`, { alt: altOf(index) });
  return item;
}

const ref = (item: LibraryItem) => ({ media_id: item.id });

/** The page's blocks: a hero over the first photo, then a gallery of the others, as the builder saves them. */
function vehicleBlocks(photos: LibraryItem[]) {
  const [hero, ...gallery] = photos;
  if (!hero) throw new Error('No photo for the hero');
  return [
    {
      index: 'hero',
      name: 'Hero banner',
      hideable: { item: true, sections: ['button'] },
      sections: {
        content: {
          fields: { title: 'The new Sportage Hybrid', subtitle: 'From £32,995', alignment: 'left' },
        },
        slides: { entries: [{ opened: true, fields: { image: [ref(hero)], heading: 'Book a test drive' } }] },
      },
    },
    {
      index: 'gallery',
      name: 'Photos',
      sections: { content: { fields: { title: 'Photos', images: gallery.map(ref), columns: '3' } } },
    },
  ];
}

/** Rendition addresses in a page's HTML: its sources', images' and preload's `srcset`s and `src`s. */
export function renditionUrlsIn(html: string): string[] {
  return [...new Set(html.match(/\/media\/r\/[0-9a-f]{64}\/[A-Za-z0-9-]+\.(?:avif|webp|jpg)/g) ?? [])];
}

/** GETs each address once, `AT_ONCE` at a time; each must answer 200. */
async function requestEach(base: string, urls: readonly string[]): Promise<void> {
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const res = await fetch(new URL(url, base));
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

export interface VehiclePage {
  /** The page's address on the reference site ('/site/sportage-hybrid'). */
  path: string;
  photos: number;
  /** How many renditions were asked for (made then, or by their jobs before). */
  renditions: number;
  /** How long asking for them took, in ms. */
  renditionsMs: number;
}

/** Uploads the photographs, publishes the page and has every rendition made; answers where the page is. */
export async function publishVehiclePage(base: string, token: string): Promise<VehiclePage> {
  const brands = await apiCall<{ brands: { data: { id: number }[] } }>(base, token, 'brands?perPage=-1');
  const brandId = brands.brands.data[0]?.id;
  if (brandId === undefined) throw new Error('The demo data has no brand');
  console.log(`Uploading ${PHOTOS} photographs of ${PHOTO_WIDTH} x ${PHOTO_HEIGHT}...`);
  const photos: LibraryItem[] = [];
  for (let index = 0; index < PHOTOS; index++) photos.push(await uploadPhoto(base, token, index));
  const name = 'Sportage Hybrid';
  const stored = await apiCall<{ id: number }>(base, token, 'pages/store', {
    data: {
      name,
      slug: 'ignored',
      brand_id: brandId,
      meta: {
        title: `${name} | Kia`,
        description: 'The new Sportage Hybrid: photos, prices and test drives.',
      },
      published: 1,
      published_at: new Date(Date.now() - 60_000).toISOString(),
      items: vehicleBlocks(photos),
    },
    parent: null,
  });
  const edited = await apiCall<{ data: { slug: string } }>(base, token, `pages/edit?id=${stored.id}`);
  const path = `/site/${edited.data.slug}`;
  const page = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  if (!page.ok) throw new Error(`${path} answered ${page.status}`);
  const urls = [
    ...renditionUrlsIn(await page.text()),
    ...photos.flatMap((photo) => photo.renditions.map((r) => new URL(r.url, base).pathname)),
  ];
  console.log(`Asking for the ${urls.length} renditions of ${path} and its photographs' library items...`);
  const start = performance.now();
  await requestEach(base, [...new Set(urls)]);
  return { path, photos: PHOTOS, renditions: new Set(urls).size, renditionsMs: performance.now() - start };
}

/** The vehicle page's goals beside the score of 95: its largest paint within 2.5 s, and nothing moving. */
export const VEHICLE_LCP_MS = 2500;

/** The vehicle page's budgets beside its score's: LCP and CLS of the median run. */
export function vehicleBudgets(metrics: Record<string, number | undefined>): Budget[] {
  return [
    {
      label: 'Lighthouse LCP, vehicle page with 12 photos',
      actual: metrics.largestContentfulPaintMs ?? Number.POSITIVE_INFINITY,
      limit: VEHICLE_LCP_MS,
      unit: 'ms',
    },
    {
      label: 'Lighthouse CLS, vehicle page with 12 photos',
      actual: metrics.cumulativeLayoutShift ?? Number.POSITIVE_INFINITY,
      limit: 0,
      unit: 'ratio',
      atLeast: false,
    },
  ];
}
