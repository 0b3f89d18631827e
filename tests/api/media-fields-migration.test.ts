import { describe, expect, it, vi } from 'vitest';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';

vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });

/** A stored block as the test reads it back. */
type StoredItem = {
  id: string;
  index: string;
  name: string;
  sections: Record<
    string,
    { fields?: Record<string, unknown>; entries?: { fields: Record<string, unknown> }[] }
  >;
};

const file = (name: string, stored: string) => ({ path: `/storage/builder/${stored}.png`, name });

/** A hero with a file in a slide, and a gallery with two files, as the builder stored them before the library. */
const OLD_ITEMS = [
  {
    id: '6f1c2b1e-7a4d-4c1e-9a0b-2d3e4f5a6b7c',
    index: 'hero',
    name: 'Hero',
    sections: {
      content: { fields: { title: 'Spring', alignment: 'center' } },
      slides: {
        entries: [{ opened: true, fields: { image: [file('Front view.png', 'a1')], heading: 'Go' } }],
      },
    },
  },
  {
    id: '7f1c2b1e-7a4d-4c1e-9a0b-2d3e4f5a6b7c',
    index: 'gallery',
    name: 'Gallery',
    sections: {
      content: {
        fields: { title: 'Photos', images: [file('Side.png', 'b2'), file('Front again.png', 'a1')] },
      },
    },
  },
];

describe('the migration of block files into the media library', () => {
  it('makes one library item per stored file, keeping its name, and rewrites the blocks to hold its id', async () => {
    const { client, migrate } = await databaseBefore('_media-fields');
    const { rows: brands } = await client.query<{ id: number }>(
      `insert into brands (name, slug, sort_order) values ('Kia', 'kia', 1) returning id`,
    );
    const kia = brands[0]!.id;
    const { rows: made } = await client.query<{ id: number; slug: string }>(
      `insert into pages (kind, name, slug, sort_order, brand_id, items, configurables) values
        ('page', 'Kia page', 'kia-page', 1, $1, $2::jsonb, $3::jsonb),
        ('form', 'Old form', 'old-form', 1, null, $4::jsonb, '{}'::jsonb),
        ('page', 'Plain page', 'plain-page', 2, null, '[]'::jsonb, '{}'::jsonb)
       returning id, slug`,
      [
        kia,
        JSON.stringify(OLD_ITEMS),
        JSON.stringify({
          used_cars: { route: 'used-cars', fields: { banner: [file('Banner.png', 'c3')], title: 'Used' } },
        }),
        JSON.stringify([OLD_ITEMS[1]]),
      ],
    );
    const id = Object.fromEntries(made.map((row) => [row.slug, row.id]));
    const { rows: templates } = await client.query<{ id: number }>(
      `insert into templates (name, items) values ('Model', $1::jsonb) returning id`,
      [JSON.stringify([OLD_ITEMS[0]])],
    );

    await migrate();

    const { rows: media } = await client.query<{
      id: number;
      name: string;
      mime: string;
      storage_key: string;
      folder: string | null;
    }>(
      `select m.id, m.name, m.mime, m.storage_key, f.name as folder
       from media m left join media_folders f on f.id = m.folder_id order by m.storage_key`,
    );
    // A name it was stored under (the first by record, then by name), its type from its extension,
    // its file where it was, the folder of the brand of the page that shows it.
    expect(media.map(({ id: _id, ...rest }) => rest)).toEqual([
      { name: 'Front again.png', mime: 'image/png', storage_key: 'builder/a1.png', folder: 'Kia' },
      { name: 'Side.png', mime: 'image/png', storage_key: 'builder/b2.png', folder: 'Kia' },
      { name: 'Banner.png', mime: 'image/png', storage_key: 'builder/c3.png', folder: 'Kia' },
    ]);
    const idOf = Object.fromEntries(media.map((m) => [m.storage_key, m.id]));

    const { rows: pages } = await client.query<{
      slug: string;
      items: StoredItem[];
      configurables: unknown;
    }>('select slug, items, configurables from pages order by slug');
    const page = pages.find((p) => p.slug === 'kia-page')!;
    expect(page.items[0]!.sections.slides!.entries![0]!.fields).toEqual({
      image: [{ media_id: idOf['builder/a1.png'] }],
      heading: 'Go',
    });
    expect(page.items[1]!.sections.content!.fields).toEqual({
      title: 'Photos',
      images: [{ media_id: idOf['builder/b2.png'] }, { media_id: idOf['builder/a1.png'] }],
    });
    // Everything else is as it was: ids, names, order, text.
    expect(page.items.map((item) => [item.id, item.index, item.name])).toEqual(
      OLD_ITEMS.map((item) => [item.id, item.index, item.name]),
    );
    expect(page.items[0]!.sections.content).toEqual(OLD_ITEMS[0]!.sections.content);
    expect(page.configurables).toEqual({
      used_cars: {
        route: 'used-cars',
        fields: { banner: [{ media_id: idOf['builder/c3.png'] }], title: 'Used' },
      },
    });
    expect(pages.find((p) => p.slug === 'plain-page')!.items).toEqual([]);
    const { rows: template } = await client.query<{ items: StoredItem[] }>('select items from templates');
    expect(template[0]!.items[0]!.sections.slides!.entries![0]!.fields.image).toEqual([
      { media_id: idOf['builder/a1.png'] },
    ]);

    // Where each is used, as /media lists it.
    const { rows: uses } = await client.query<{ media_id: number; area: string; record_id: number }>(
      'select media_id, area, record_id from media_uses order by media_id, area, record_id',
    );
    expect(uses).toEqual(
      [
        { media_id: idOf['builder/a1.png']!, area: 'forms', record_id: id['old-form']! },
        { media_id: idOf['builder/a1.png']!, area: 'pages', record_id: id['kia-page']! },
        { media_id: idOf['builder/a1.png']!, area: 'templates', record_id: templates[0]!.id },
        { media_id: idOf['builder/b2.png']!, area: 'forms', record_id: id['old-form']! },
        { media_id: idOf['builder/b2.png']!, area: 'pages', record_id: id['kia-page']! },
        { media_id: idOf['builder/c3.png']!, area: 'pages', record_id: id['kia-page']! },
      ].sort((a, b) => a.media_id - b.media_id || a.area.localeCompare(b.area)),
    );
    // The migration leaves nothing of its own behind.
    const { rows: leftovers } = await client.query(
      `select proname from pg_proc where proname like 'media_legacy%'
       union all select tablename from pg_tables where tablename like 'media_legacy%'`,
    );
    expect(leftovers).toEqual([]);
    await client.close();
  });
});
