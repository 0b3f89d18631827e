import { join } from 'node:path';
import { type ExportKind, exports } from '@server/db/schema/jobs';
import { vehicles } from '@server/db/schema/vehicles';
import { seedVehicles } from '@server/db/seed/vehicles';
import { exportSourceFor } from '@server/domain/exportSources';
import { queueExport, runExport } from '@server/domain/exports';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';
import { attachmentOf, type SmtpCatcher, startSmtp } from './smtp';
import { quotePrefixed, sheetJsCells } from './workbooks';

let server: TestServer;
let smtp: SmtpCatcher;
let token: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ SMTP_URL: smtp.url });
  token = await server.login();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

/** An export's progress once its job has recorded the mail as sent. */
async function exportSettled(id: number) {
  for (;;) {
    const progress = (await get(`/api/exports/${id}`)).json().data;
    if (progress.mailed) return progress;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function validSettings(overrides: Record<string, unknown> = {}) {
  return {
    site_name: 'Northway Motor Group',
    social: { facebook: 'https://facebook.com/northway', twitter: '', instagram: null },
    evolution: { id: 'northway', password: 'quotee-123' },
    hpi: { customer_code: 'NW001', password: 'secret', initials: 'NW' },
    cap: { valuation_margin: '10' },
    voucher: { code: 'SPRING', value: '99' },
    ...overrides,
  };
}

describe('site settings', () => {
  it('answers the defaults before anything is saved, with a valuation margin of 100', async () => {
    const res = await get('/api/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      site_name: '',
      social: { facebook: null, twitter: null, instagram: null },
      evolution: { id: null, password: null },
      hpi: { customer_code: null, password: null, initials: null },
      cap: { valuation_margin: 100 },
      voucher: { code: null, value: null },
      updated_at: null,
    });
  });

  it('lets exactly one of two first saves through when the settings were never saved', async () => {
    const a = validSettings({ site_name: 'First A', updated_at: null });
    const b = validSettings({ site_name: 'First B', updated_at: null });
    const results = await Promise.all([post('/api/settings/update', a), post('/api/settings/update', b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    expect((await get('/api/settings')).json().data).toEqual(winner);
    // Once saved, a form loaded before that save is stale too.
    const late = await post('/api/settings/update', validSettings({ updated_at: null }));
    expect(late.statusCode).toBe(409);
  });

  it('refuses to show or save settings without a token', async () => {
    expect((await server.call('GET', '/api/settings')).statusCode).toBe(401);
    expect((await server.call('POST', '/api/settings/update', { body: validSettings() })).statusCode).toBe(
      401,
    );
  });

  it('passes valid settings without saving them', async () => {
    const res = await post('/api/settings/validation', validSettings({ site_name: 'Only checked' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true });
    expect((await get('/api/settings')).json().data.site_name).not.toBe('Only checked');
  });

  it('names each nested field that is wrong with its dotted path', async () => {
    const long = 'x'.repeat(300);
    const res = await post(
      '/api/settings/validation',
      validSettings({
        site_name: ' ',
        social: { facebook: 'not a web address' },
        evolution: { id: long },
        hpi: { customer_code: long },
        cap: { valuation_margin: 'ten' },
        voucher: { code: long, value: '-5' },
      }),
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.site_name).toEqual(['Enter a site name.']);
    expect(errors['social.facebook']).toEqual(['Enter a full web address, starting with https://.']);
    expect(errors['evolution.id']).toEqual(['Use at most 255 characters.']);
    expect(errors['hpi.customer_code']).toEqual(['Use at most 100 characters.']);
    expect(errors['cap.valuation_margin']).toEqual(['Enter a percentage, for example 10.']);
    expect(errors['voucher.code']).toEqual(['Use at most 100 characters.']);
    expect(errors['voucher.value']).toEqual(['Enter a price of 0 or more.']);
  });

  it('refuses a valuation margin above 100 and saves nothing from a refused form', async () => {
    const res = await post(
      '/api/settings/update',
      validSettings({ site_name: 'Refused', cap: { valuation_margin: 150 } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['cap.valuation_margin']).toEqual(['Enter a percentage between 0 and 100.']);
    expect((await get('/api/settings')).json().data.site_name).not.toBe('Refused');
  });

  it('refuses a save or check that leaves fields out, naming each one, and keeps what was saved', async () => {
    const before = (await get('/api/settings')).json().data;
    expect(
      (await post('/api/settings/update', validSettings({ updated_at: before.updated_at }))).statusCode,
    ).toBe(200);
    const saved = (await get('/api/settings')).json().data;
    for (const url of ['/api/settings/update', '/api/settings/validation']) {
      const res = await post(url, { site_name: 'Northway Motor Group', social: { facebook: null } });
      expect(res.statusCode, res.body).toBe(422);
      const { errors } = res.json();
      expect(Object.keys(errors).sort()).toEqual([
        'cap',
        'evolution',
        'hpi',
        'social.instagram',
        'social.twitter',
        'voucher',
      ]);
      expect(
        Object.values(errors)
          .flat()
          .every((m) => m === 'This field is required.'),
      ).toBe(true);
    }
    // Blank fields are given as null or '': those save as cleared.
    expect((await get('/api/settings')).json().data).toEqual(saved);
  });

  it('refuses a body that is not a settings object with a 4xx', async () => {
    for (const body of [[], 'text', { social: 'facebook' }, { cap: [] }]) {
      const res = await post('/api/settings/update', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('saves the settings, answers the toast and shows them on the next load', async () => {
    const res = await post('/api/settings/update', validSettings());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('You have updated your settings.');
    const expected = {
      site_name: 'Northway Motor Group',
      social: { facebook: 'https://facebook.com/northway', twitter: null, instagram: null },
      evolution: { id: 'northway', password: 'quotee-123' },
      hpi: { customer_code: 'NW001', password: 'secret', initials: 'NW' },
      cap: { valuation_margin: 10 },
      voucher: { code: 'SPRING', value: 99 },
    };
    const { updated_at, ...saved } = res.json().data;
    expect(saved).toEqual(expected);
    expect((await get('/api/settings')).json().data).toEqual({ ...expected, updated_at });
    expect(Date.parse(updated_at)).not.toBeNaN();
  });

  it('refuses a save from a form loaded before the last save with 409, and keeps the last save', async () => {
    const loaded = (await get('/api/settings')).json().data;
    const first = await post(
      '/api/settings/update',
      validSettings({ site_name: 'First', updated_at: loaded.updated_at }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const stale = await post(
      '/api/settings/update',
      validSettings({ site_name: 'Stale', updated_at: loaded.updated_at }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else changed the settings since you opened them. Reload to see their changes.',
    );
    const now = (await get('/api/settings')).json().data;
    expect(now).toMatchObject({ site_name: 'First', updated_at: first.json().data.updated_at });
    // The answer is the version the open form saves from next.
    const next = await post(
      '/api/settings/update',
      validSettings({ site_name: 'Second', updated_at: first.json().data.updated_at }),
    );
    expect(next.statusCode, next.body).toBe(200);
    expect((await get('/api/settings')).json().data.site_name).toBe('Second');
  });

  it('lets exactly one of two saves from the same loaded version through', async () => {
    const { updated_at } = (await get('/api/settings')).json().data;
    const a = validSettings({ site_name: 'Form A', voucher: { code: 'AAA', value: 1 }, updated_at });
    const b = validSettings({ site_name: 'Form B', voucher: { code: 'BBB', value: 2 }, updated_at });
    const results = await Promise.all([post('/api/settings/update', a), post('/api/settings/update', b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    const saved = (await get('/api/settings')).json().data;
    expect(saved).toEqual(winner);
  });

  it('keeps one whole form when two saves race', async () => {
    const a = validSettings({ site_name: 'Form A', voucher: { code: 'AAA', value: 1 } });
    const b = validSettings({ site_name: 'Form B', voucher: { code: 'BBB', value: 2 } });
    const results = await Promise.all([post('/api/settings/update', a), post('/api/settings/update', b)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const saved = (await get('/api/settings')).json().data;
    expect([
      ['Form A', 'AAA', 1],
      ['Form B', 'BBB', 2],
    ]).toContainEqual([saved.site_name, saved.voucher.code, saved.voucher.value]);
  });
});

describe('vehicles export', () => {
  it('asks for a valid e-mail address', async () => {
    const res = await post('/api/vehicles/export', { name: 'vehicles', email: 'not-an-address' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['Enter a valid e-mail address.']);
    expect((await post('/api/vehicles/export', { name: 'vehicles' })).statusCode).toBe(422);
  });

  it('mails every vehicle as a spreadsheet, formula-like text as text exactly as stored, never evaluated', async () => {
    await seedVehicles(server.database.db, 1200);
    await server.database.db.insert(vehicles).values({
      registration: 'EV 24 XLS',
      make: '=HYPERLINK("http://evil.example","Ford")',
      model: '+Puma',
      derivative: '@SUM(1)',
      price: 1_999_500,
      mileage: 10,
      dealership: '-Northway Ford Leeds',
    });
    const before = smtp.received.length;
    const res = await post('/api/vehicles/export', { name: 'vehicles', email: 'stock@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Your export is running in the background and will be e-mailed to stock@example.com when it is ready. You can leave this page.',
    );
    const id = res.json().export_id as number;

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(['stock@example.com']);
    const file = attachmentOf(mail!.raw, 'vehicles-export.xlsx');
    const sheet = sheetJsCells(file);
    const row = (n: number) =>
      ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((column) => {
        const cell = sheet[`${column}${n}`];
        return cell ? { t: cell.t, v: cell.v, w: cell.w } : undefined;
      });
    const text = (value: string) => ({ t: 's', v: value, w: value });
    expect(row(1)).toEqual(
      ['Registration', 'Make', 'Model', 'Derivative', 'Price (£)', 'Mileage', 'Dealership'].map(text),
    );
    expect(sheet['!ref']).toBe('A1:G1202');
    // What Excel, LibreOffice and SheetJS show: the stored text, no apostrophe, no formula.
    expect(row(1202)).toEqual([
      text('EV 24 XLS'),
      text('=HYPERLINK("http://evil.example","Ford")'),
      text('+Puma'),
      text('@SUM(1)'),
      { t: 'n', v: 19995, w: '19995' },
      { t: 'n', v: 10, w: '10' },
      text('-Northway Ford Leeds'),
    ]);
    expect(['B', 'C', 'D', 'G'].map((column) => quotePrefixed(file, `${column}1202`))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(quotePrefixed(file, 'A1202')).toBe(false);

    // The mail is received a moment before the job records it as sent: follow it as the console does.
    const progress = await exportSettled(id);
    expect(progress).toEqual({
      id,
      kind: 'vehicles',
      status: 'done',
      rows_done: 1201,
      rows_total: 1201,
      mailed: true,
    });
  });

  it('runs two exports asked for at once as two jobs, each mailed once', async () => {
    const before = smtp.received.length;
    const [a, b] = await Promise.all([
      post('/api/vehicles/export', { name: 'vehicles', email: 'first@example.com' }),
      post('/api/vehicles/export', { name: 'vehicles', email: 'second@example.com' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().export_id).not.toBe(b.json().export_id);
    const mails = (await smtp.waitFor(before + 2)).slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(['first@example.com', 'second@example.com']);
    for (const id of [a.json().export_id, b.json().export_id]) {
      await exportSettled(id);
    }
    expect(smtp.received).toHaveLength(before + 2);
  });

  it('mails once when two runs of one export overlap', async () => {
    const before = smtp.received.length;
    const db = server.database.db;
    // Queued by hand, so only the two runs below work on it.
    const id = await queueExport(db, async () => 'by-hand', {
      kind: 'vehicles',
      name: 'vehicles',
      email: 'overlap@example.com',
    });
    const deps = {
      db,
      mailer: server.mailer,
      dir: join(server.dataDir, 'exports'),
      sourceFor: (kind: ExportKind, params: Record<string, string>) => exportSourceFor(db, kind, params),
    };
    const context = { signal: new AbortController().signal };
    await Promise.all([
      runExport(deps, { exportId: id }, context),
      runExport(deps, { exportId: id }, context),
    ]);
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([['overlap@example.com']]);
    const [record] = await db.select().from(exports).where(eq(exports.id, id));
    expect(record!.mailedAt).not.toBeNull();
    expect(record!.attempts).toBe(2);
  });

  it('answers 404 for an export that does not exist', async () => {
    expect((await get('/api/exports/999999')).statusCode).toBe(404);
    expect((await get('/api/exports/abc')).statusCode).toBe(404);
  });
});
