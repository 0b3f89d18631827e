import { FORM_NAMES } from '@server/db/seed/pages';
import { storeResponse } from '@server/domain/responses';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const list = async (query = '') => (await server.call('GET', `/api/responses${query}`, { token })).json();

it('opens, without a form asked for, on the first form that has stored enquiries', async () => {
  const none = await list();
  expect(none.handle).toBe('aftersales-enquiry');
  expect(none.responses.data).toEqual([]);

  const answer = { name: { label: 'Name', result: 'Ada Lovelace' } };
  await storeResponse(server.database.db, 'parts-enquiry', answer);
  await storeResponse(server.database.db, 'test-drive', answer);
  const opened = await list();
  expect(opened.handle).toBe('parts-enquiry');
  expect(opened.total).toBe(1);
  expect(opened.responses.data.map((r: { handle: string }) => r.handle)).toEqual(['parts-enquiry']);

  // Asking for a form still answers that form, empty or not.
  expect((await list('?handle=newsletter')).handle).toBe('newsletter');
});

it('names every form in Responses as the demo site names it in Forms', async () => {
  const labels = (await list()).lists.map((l: { label: string }) => l.label);
  for (const label of labels) expect(FORM_NAMES).toContain(label);
});
