import { brands } from '@server/db/schema/brands';
import { mediaFolders } from '@server/db/schema/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailInput, richText } from './blocks';
import { createTestServer, databaseKind, signedInAs, type TestServer } from './harness';
import { multipartBody } from './uploads';

let server: TestServer;
let token: string;
let kia: { id: number; folder: number };
let seat: { id: number; folder: number };
let kiaSection: number;
let kiaManager: string;

const get = (url: string, auth = token) => server.call('GET', url, { token: auth });
const post = (url: string, body: unknown, auth = token) => server.call('POST', url, { token: auth, body });

async function brandWithFolder(name: string, position: number) {
  const [brand] = await server.database.db
    .insert(brands)
    .values({ name, slug: name.toLowerCase(), sortOrder: position })
    .returning({ id: brands.id });
  const [folder] = await server.database.db
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(eq(mediaFolders.brandId, brand!.id));
  return { id: brand!.id, folder: folder!.id };
}

let shade = 0;
/** A distinct 1600 × 900 JPEG uploaded into a folder: its library item. */
async function image(name: string, folder: number, describe: Record<string, unknown> = {}) {
  shade += 1;
  const bytes = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: shade, g: 80, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  const { payload, headers } = multipartBody([
    { name: 'folder_id', value: String(folder) },
    { name: 'files[]', filename: name, contentType: 'image/jpeg', bytes },
  ]);
  const res = await server.call('POST', '/api/media/upload', { token, headers, body: payload });
  expect(res.statusCode, res.body).toBe(200);
  const item = res.json().data[0].item as { id: number; sha256: string };
  if (Object.keys(describe).length > 0) {
    const described = await post(`/api/media/update/${item.id}`, describe);
    expect(described.statusCode, described.body).toBe(200);
  }
  return item;
}

/** Published a minute ago. */
const LIVE = { published: 1, published_at: new Date(Date.now() - 60_000).toISOString() };

const ref = (id: number, alt?: string) => (alt === undefined ? { media_id: id } : { media_id: id, alt });

const hero = (images: unknown[]) => ({
  index: 'hero',
  name: 'Hero banner',
  hideable: { item: true, sections: ['button'] },
  sections: {
    content: { fields: { title: 'The new Sportage', subtitle: 'Hybrid', alignment: 'center' } },
    slides: { entries: [{ opened: true, fields: { image: images, heading: 'Drive it today' } }] },
  },
});

const gallery = (images: unknown[]) => ({
  index: 'gallery',
  name: 'Showroom photos',
  sections: { content: { fields: { title: 'Photos', images, columns: '3' } } },
});

const HERO_IMAGE = 'data.items.0.sections.slides.entries.0.fields.image';
const GALLERY_IMAGES = 'data.items.1.sections.content.fields.images';

function pageData(name: string, items: unknown[], extra: Record<string, unknown> = {}) {
  return {
    name,
    slug: 'ignored',
    brand_id: kia.id,
    meta: { title: name, description: `About ${name}` },
    published: 0,
    items,
    ...extra,
  };
}

async function uses(id: number) {
  const res = await get(`/api/media/show/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.uses as { area: string; id: number; name: string; url: string }[]).map(
    ({ area, id, name }) => ({ area, id, name }),
  );
}

beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
  kia = await brandWithFolder('Kia', 1);
  seat = await brandWithFolder('Seat', 2);
  const section = await post('/api/pages/store', {
    data: pageData('Kia section', [richText()], { is_allowed_children: 1, ...LIVE }),
    parent: null,
  });
  expect(section.statusCode, section.body).toBe(200);
  kiaSection = section.json().id;
  kiaManager = (await signedInAs(server, 'Brand manager', { brand_ids: [kia.id] })).token;
});
afterAll(() => server.close());

describe(`block images from the media library (${databaseKind})`, () => {
  it('records where a page, a form and a template use each image, and follows their changes', async () => {
    const front = await image('front.jpg', kia.folder);
    const side = await image('side.jpg', kia.folder);
    const stored = await post('/api/pages/store', {
      data: pageData('Sportage', [hero([ref(front.id)]), gallery([ref(front.id), ref(side.id)])]),
      parent: kiaSection,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const pageId = stored.json().id as number;
    expect(await uses(front.id)).toEqual([{ area: 'pages', id: pageId, name: 'Sportage' }]);
    expect(await uses(side.id)).toEqual([{ area: 'pages', id: pageId, name: 'Sportage' }]);
    const show = await get(`/api/media/show/${front.id}`);
    expect(show.json().data.uses[0].url).toBe(`/pages/edit/${pageId}`);

    // The builder reads back what it saved: ids, not file names.
    const edit = await get(`/api/pages/edit?id=${pageId}`);
    expect(edit.json().data.items[0].sections.slides.entries[0].fields.image).toEqual([
      { media_id: front.id },
    ]);

    // Saved without the side photo: that use goes, the front's stays.
    const current = edit.json().data;
    const updated = await post('/api/pages/update', {
      id: pageId,
      updated_at: current.updated_at,
      data: pageData('Sportage', [hero([ref(front.id)]), gallery([])]),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await uses(side.id)).toEqual([]);
    expect(await uses(front.id)).toHaveLength(1);

    // A duplicate uses what its original uses.
    const copy = await post('/api/pages/duplicate', {
      id: pageId,
      parent: kiaSection,
      fields: { name: 'Sportage copy', children: false, publish_children: false },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect((await uses(front.id)).map((u) => u.name).sort()).toEqual(['Sportage', 'Sportage copy']);

    const template = await post('/api/templates/store', {
      data: { name: 'Model page', items: [gallery([ref(side.id)])], locked: 0, lock_pages: 1 },
    });
    expect(template.statusCode, template.body).toBe(200);
    expect(await uses(side.id)).toEqual([{ area: 'templates', id: template.json().id, name: 'Model page' }]);

    const form = await post('/api/forms/store', {
      data: {
        name: 'Test drive',
        handle: 'ignored',
        meta: { title: 'Test drive', description: 'Book one' },
        published: 0,
        emails: {
          subject: 'Enquiry',
          email_title: 'Enquiry',
          email_body: 'New enquiry.',
          email_lists: ['sales@example.com'],
        },
        thank_you: { description: 'We will be in touch.' },
        items: [emailInput(), gallery([ref(side.id)])],
      },
      parent: null,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((await uses(side.id)).map((u) => u.area).sort()).toEqual(['forms', 'templates']);

    // The library counts them, and an item in use cannot be deleted for good.
    await post('/api/media/delete', { ids: [side.id] });
    const forever = await post('/api/media/forever', { ids: [side.id] });
    expect(forever.statusCode).toBe(422);
  });

  it('refuses an id the library does not hold, or holds only in its bin, at the field that holds it', async () => {
    const binned = await image('old.jpg', kia.folder);
    expect((await post('/api/media/delete', { ids: [binned.id] })).statusCode).toBe(200);
    const res = await post('/api/pages/store', {
      data: pageData('Broken', [hero([ref(999_999)]), gallery([ref(binned.id)])]),
      parent: kiaSection,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      [HERO_IMAGE]: ['This image is not in the library. Pick another.'],
      [GALLERY_IMAGES]: ['This image is in the library’s bin. Restore it or pick another.'],
    });
    // Not a number at all: the contract refuses it.
    const bad = await post('/api/pages/store', {
      data: pageData('Broken', [hero([{ media_id: 'x' }])]),
      parent: kiaSection,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^data\.items\.0\.sections\.slides/);
    // Past the database's ids: the same sentence at the field, never an empty error list.
    for (const huge of [2147483648, 1e20]) {
      const res = await post('/api/pages/store', {
        data: pageData('Broken', [hero([]), gallery([ref(huge)])]),
        parent: kiaSection,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [`${GALLERY_IMAGES}.0.media_id`]: ['Pick the image again.'] });
    }
  });

  it('refuses an image outside the writer’s scope, but keeps one a wider writer placed', async () => {
    const own = await image('kia.jpg', kia.folder, { alt: 'A Kia' });
    const other = await image('seat.jpg', seat.folder, { alt: 'A Seat' });
    // Another brand's folder is out of reach: not even readable.
    expect((await get(`/api/media/show/${other.id}`, kiaManager)).statusCode).toBe(404);
    const refused = await post(
      '/api/pages/store',
      { data: pageData('Mine', [hero([ref(other.id)])]), parent: kiaSection },
      kiaManager,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ [HERO_IMAGE]: ['Pick an image from a folder you work with.'] });

    const mine = await post(
      '/api/pages/store',
      { data: pageData('Mine', [hero([ref(own.id)])]), parent: kiaSection },
      kiaManager,
    );
    expect(mine.statusCode, mine.body).toBe(200);

    // The group's marketing places the Seat image on a Kia page; the brand manager may save it as it is.
    const placed = await post('/api/pages/store', {
      data: pageData('Shared', [hero([ref(own.id)]), gallery([ref(other.id)])]),
      parent: kiaSection,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().id;
    const loaded = (await get(`/api/pages/edit?id=${id}`, kiaManager)).json().data;
    const resaved = await post(
      '/api/pages/update',
      { id, updated_at: loaded.updated_at, data: { ...pageData('Shared again', loaded.items) } },
      kiaManager,
    );
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(await uses(other.id)).toEqual([{ area: 'pages', id, name: 'Shared again' }]);
  });

  it('refuses to publish images without alt text, naming them, until each is described or decorative', async () => {
    const bare = await image('bare.jpg', kia.folder);
    const pattern = await image('pattern.jpg', kia.folder, { decorative: true });
    const described = await image('described.jpg', kia.folder, { alt: 'The showroom at night' });
    const items = [hero([ref(bare.id)]), gallery([ref(pattern.id), ref(described.id)])];
    const refused = await post('/api/pages/store', {
      data: pageData('Launch', items, LIVE),
      parent: kiaSection,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      [HERO_IMAGE]: ['Add alt text to bare.jpg, or mark it decorative.'],
    });
    expect(refused.json().message).toBe(
      'Describe this image before publishing (alt text, or mark it decorative): bare.jpg (Hero banner).',
    );

    // Unpublished it saves; the publish toggle refuses it the same way.
    const draft = await post('/api/pages/store', { data: pageData('Launch', items), parent: kiaSection });
    expect(draft.statusCode, draft.body).toBe(200);
    const toggled = await post('/api/pages/publishable', { id: draft.json().id });
    expect(toggled.statusCode).toBe(422);
    expect(toggled.json().errors).toEqual({
      [HERO_IMAGE]: ['Add alt text to bare.jpg, or mark it decorative.'],
    });

    // Alt text where it is used is enough.
    const published = await post('/api/pages/store', {
      data: pageData('Launch day', [hero([ref(bare.id, 'A red Sportage')]), items[1]], LIVE),
      parent: kiaSection,
    });
    expect(published.statusCode, published.body).toBe(200);
    // And so is the library's own alt text, once given.
    await post(`/api/media/update/${bare.id}`, { alt: 'A Sportage on the coast' });
    expect((await post('/api/pages/publishable', { id: draft.json().id })).statusCode).toBe(200);
  });

  it('answers each image on the delivery API with its size, alt text, focal point and renditions, and renders <picture>', async () => {
    const photo = await image('coast.jpg', kia.folder, {
      alt: 'A Sportage on the coast',
      focal_point: { x: 0.25, y: 0.5 },
    });
    const res = await post('/api/pages/store', {
      data: pageData(
        'Coast drive',
        [hero([ref(photo.id, 'The Sportage by the sea')]), gallery([ref(photo.id)])],
        {
          ...LIVE,
        },
      ),
      parent: kiaSection,
    });
    expect(res.statusCode, res.body).toBe(200);
    const site = await server.call('GET', '/api/site/pages?path=/kia-section/coast-drive');
    expect(site.statusCode, site.body).toBe(200);
    const [heroBlock, galleryBlock] = site.json().blocks;
    const heroImage = heroBlock.sections.slides.entries[0].image[0];
    // The hero crops 16:9 around the focal point; the per-use alt wins over the library's.
    expect(heroImage).toMatchObject({
      name: 'coast.jpg',
      alt: 'The Sportage by the sea',
      width: 1600,
      height: 900,
      focal_point: { x: 0.25, y: 0.5 },
    });
    expect(heroImage.url).toMatch(/^\/storage\/media\/[0-9a-f]{64}$/);
    expect(
      heroImage.renditions.map((r: { format: string; width: number }) => `${r.format}@${r.width}`),
    ).toEqual([
      'avif@320',
      'avif@640',
      'avif@960',
      'avif@1280',
      'webp@320',
      'webp@640',
      'webp@960',
      'webp@1280',
      'jpeg@320',
      'jpeg@640',
      'jpeg@960',
      'jpeg@1280',
    ]);
    expect(heroImage.renditions[0].url).toBe(`/media/r/${photo.sha256}/16x9-f25-50-w320.avif`);
    // The gallery crops 3:2 and says the library's alt text.
    const galleryImage = galleryBlock.sections.content.fields.images[0];
    expect(galleryImage).toMatchObject({ alt: 'A Sportage on the coast', width: 1350, height: 900 });
    expect(galleryImage.renditions[0].url).toBe(`/media/r/${photo.sha256}/3x2-f25-50-w320.avif`);

    const html = await server.call('GET', '/site/kia-section/coast-drive', {
      headers: { accept: 'text/html' },
    });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<picture');
    expect(html.body).toContain(`/media/r/${photo.sha256}/16x9-f25-50-w640.avif 640w`);
    expect(html.body).toContain('alt="The Sportage by the sea"');
  });
});
