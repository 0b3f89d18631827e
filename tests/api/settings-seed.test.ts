import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteSettingsFields } from '@/api/contract/settings';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  // A fresh install: the first admin and the demo group, as the first `npm start` makes them.
  server = await createTestServer({}, { seed: true });
}, 120_000);
afterAll(() => server.close());

it("fills in the demo group's settings on a fresh install, in a form the settings screen can save as it is", async () => {
  const res = await server.call('GET', '/api/settings', { token: await server.login() });
  expect(res.statusCode).toBe(200);
  const shown = res.json().data;
  expect(shown.site_name).toBe('Northway Motor Group');
  expect(shown.social.facebook).toMatch(/^https:\/\//);
  const asTyped = { ...shown, cap: { valuation_margin: String(shown.cap.valuation_margin) } };
  expect(siteSettingsFields.safeParse(asTyped).success).toBe(true);
});
