import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { realiseLegacyMedia } from '@server/domain/media/legacy';
import { createLocalBlobStore } from '@server/domain/storage';
import { describe, expect, it, vi } from 'vitest';
import { databaseBefore, MIGRATION_TEST_TIMEOUT_MS } from './migrations';
import { tinyPng } from './uploads';

vi.setConfig({ testTimeout: MIGRATION_TEST_TIMEOUT_MS });

/** A stored name as files/upload made it: random hex, then the uploaded name in base64url. */
const stored = (folder: string, hex: string, name: string) =>
  `/storage/${folder}/${hex.padEnd(32, '0')}_${Buffer.from(name).toString('base64url')}.png`;

const LOGO = stored('logo', 'a1', 'Kia badge.png');
const BANNER = stored('banner_img', 'b2', 'Showroom ☀.png');
const TEAM = stored('team_image', 'c3', 'Sam.png');
const AVATAR = stored('avatar', 'd4', 'Me.png');
const GONE = '/storage/dealer_img/0123456789abcdef0123456789abcdef.png';

describe('the migration of record files into the media library', () => {
  it('makes each stored logo, dealership image and avatar a library item under its uploaded name, and the records hold its id', async () => {
    const { client, db, migrate } = await databaseBefore('_record-media');
    const { rows: brands } = await client.query<{ id: number }>(
      `insert into brands (name, slug, sort_order, meta) values ('Kia', 'kia', 1, $1::jsonb), ('Seat', 'seat', 2, '{}'::jsonb) returning id`,
      [JSON.stringify({ logo: LOGO })],
    );
    const kia = brands[0]!.id;
    const seat = brands[1]!.id;
    const { rows: dealers } = await client.query<{ id: number }>(
      `insert into dealerships (name, slug, brand_id, email, telephone, address, pinnacle_enquiry_id, pinnacle_used_enquiry_id, images, team, sort_order)
       values ('Kia Leeds', 'kia-leeds', $1, 'a@example.com', '0113 000', '{}'::jsonb, '1', '2', $2::jsonb, $3::jsonb, 1) returning id`,
      [
        kia,
        JSON.stringify({ banner_img: [BANNER], dealer_img: [GONE] }),
        JSON.stringify([
          { name: 'Sam', content: null, image: [TEAM] },
          { name: 'Alex', content: null, image: [] },
        ]),
      ],
    );
    const leeds = dealers[0]!.id;
    const { rows: people } = await client.query<{ id: number }>(
      `insert into users (name, email, password_hash, role_id, meta, scope_brand_ids)
       values ('Jo', 'jo@example.com', 'x', (select id from roles where name = 'Brand manager'), $1::jsonb, $2::int[]),
              ('Al', 'al@example.com', 'x', (select id from roles where name = 'Read only'), '{"avatar": null}'::jsonb, '{}') returning id`,
      [JSON.stringify({ avatar: AVATAR, job_title: 'Manager' }), `{${seat}}`],
    );
    const jo = people[0]!.id;

    await migrate();

    const { rows: items } = await client.query<{
      id: number;
      name: string;
      sha256: string;
      storage_key: string;
      size: number;
      folder: string | null;
    }>(
      `select m.id, m.name, m.sha256, m.storage_key, m.size, f.name as folder
       from media m left join media_folders f on f.id = m.folder_id order by m.id`,
    );
    const byKey = new Map(items.map((item) => [`/storage/${item.storage_key}`, item]));
    expect(
      items.map((item) => [item.name, item.folder, item.size, item.sha256.startsWith('legacy:')]),
    ).toEqual(
      expect.arrayContaining([
        ['Kia badge.png', 'Kia', 0, true],
        ['Showroom ☀.png', 'Kia Leeds', 0, true],
        ['Sam.png', 'Kia Leeds', 0, true],
        ['Me.png', 'Seat', 0, true],
        // A path without a carried name keeps its last part.
        ['0123456789abcdef0123456789abcdef.png', 'Kia Leeds', 0, true],
      ]),
    );
    expect(items).toHaveLength(5);
    const id = (path: string) => byKey.get(path)!.id;

    const brand = await client.query<{ meta: unknown }>(`select meta from brands where id = $1`, [kia]);
    expect(brand.rows[0]!.meta).toEqual({ logo_id: id(LOGO) });
    const dealer = await client.query<{ images: unknown; team: unknown }>(
      `select images, team from dealerships where id = $1`,
      [leeds],
    );
    expect(dealer.rows[0]!.images).toEqual({ banner_img: [id(BANNER)], dealer_img: [id(GONE)] });
    expect(dealer.rows[0]!.team).toEqual([
      { name: 'Sam', content: null, image: [id(TEAM)] },
      { name: 'Alex', content: null, image: [] },
    ]);
    const user = await client.query<{ meta: unknown }>(`select meta from users where id = $1`, [jo]);
    expect(user.rows[0]!.meta).toEqual({ avatar_id: id(AVATAR), job_title: 'Manager' });

    const { rows: uses } = await client.query<{ media_id: number; area: string; record_id: number }>(
      `select media_id, area, record_id from media_uses order by area, media_id`,
    );
    expect(uses).toEqual([
      { media_id: id(LOGO), area: 'brands', record_id: kia },
      ...[id(BANNER), id(GONE), id(TEAM)]
        .sort((a, b) => a - b)
        .map((media_id) => ({ media_id, area: 'dealerships', record_id: leeds })),
      { media_id: id(AVATAR), area: 'users', record_id: jo },
    ]);

    // The job then reads each file: the ones still there become real items, a missing one is reported.
    const dataDir = mkdtempSync(join(tmpdir(), 'console-legacy-'));
    try {
      for (const [path, padding] of [
        [LOGO, 1],
        [BANNER, 2],
        [TEAM, 3],
        [AVATAR, 4],
      ] as const) {
        const file = join(dataDir, path.slice('/storage/'.length));
        mkdirSync(join(file, '..'), { recursive: true });
        writeFileSync(file, tinyPng(padding));
      }
      const queued: number[] = [];
      const outcomes = await realiseLegacyMedia(db, createLocalBlobStore(dataDir), async (item) => {
        queued.push(item.width ?? 0);
      });
      expect(Object.fromEntries(outcomes.map((o) => [o.name, o.result]))).toEqual({
        'Kia badge.png': 'made real',
        'Showroom ☀.png': 'made real',
        '0123456789abcdef0123456789abcdef.png': 'missing',
        'Sam.png': 'made real',
        'Me.png': 'made real',
      });
      expect(queued).toEqual([1, 1, 1, 1]);
      const { rows: after } = await client.query<{
        id: number;
        sha256: string;
        size: number;
        width: number | null;
        mime: string;
        storage_key: string;
      }>(`select id, sha256, size, width, mime, storage_key from media where id = $1`, [id(LOGO)]);
      expect(after[0]).toMatchObject({
        size: tinyPng(1).length,
        width: 1,
        mime: 'image/png',
        storage_key: `media/${after[0]!.sha256}`,
      });
      expect(after[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
      const { rows: still } = await client.query<{ sha256: string }>(
        `select sha256 from media where id = $1`,
        [id(GONE)],
      );
      expect(still[0]!.sha256.startsWith('legacy:')).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await client.close();
    // Every migration from the first runs on PGlite: on a shared machine that takes a while.
  }, 180_000);
});
