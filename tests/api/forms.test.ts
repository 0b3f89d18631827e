import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await server.login();
});
afterAll(() => server.close());

const get = (url: string) => server.call('GET', url, { token });
const post = (url: string, body: unknown) => server.call('POST', url, { token, body });

function formData(name: string, extra: Record<string, unknown> = {}) {
  return {
    name,
    handle: 'ignored',
    meta: { title: name, description: `${name} form` },
    published: 1,
    published_at: '2025-03-01T09:00',
    is_allowed_children: 1,
    emails: {
      subject: 'New enquiry',
      email_title: 'Enquiry',
      email_body: 'Someone asked a question.',
      email_lists: 'sales@example.com, leads@example.com',
    },
    thank_you: { description: 'We will be in touch.' },
    ...extra,
  };
}

async function storeForm(name: string, parent: number | null = null): Promise<number> {
  const res = await post('/api/forms/store', { data: formData(name), parent });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe('forms', () => {
  it('stores forms with unique handles made from the name and lists them with their children', async () => {
    const test = await storeForm('Test Drive');
    const again = await storeForm('Test Drive');
    const child = await storeForm('Test Drive Kia', test);
    const top = await get('/api/forms');
    expect(top.statusCode).toBe(200);
    const handles = top.json().data.map((f: { handle: string }) => f.handle);
    expect(handles).toEqual(['test-drive', 'test-drive-2']);
    expect(top.json().data[0]).toMatchObject({
      id: test,
      name: 'Test Drive',
      published: 1,
      total_children: 1,
    });
    const children = await get(`/api/forms?parent=${test}`);
    expect(children.json()).toMatchObject({
      data: [{ id: child, handle: 'test-drive-kia' }],
      parent: { id: test, handle: 'test-drive' },
      ancestors: [],
    });
    expect((await get('/api/forms?parent=999999')).statusCode).toBe(404);
    expect(again).not.toBe(test);
  });

  it('edits a form with its e-mails and thank-you message, and answers a free handle', async () => {
    const id = await storeForm('Service Enquiry');
    const edit = await get(`/api/forms/edit?id=${id}`);
    expect(edit.json().data).toMatchObject({
      handle: 'service-enquiry',
      emails: {
        email_lists: ['sales@example.com', 'leads@example.com'],
        send_email: 1,
        email_type: 'emails',
      },
      thank_you: { title: 'Thank you', description: 'We will be in touch.' },
    });
    expect((await get('/api/forms/slug?name=Service Enquiry')).json().slug).toBe('service-enquiry-2');
    expect((await get(`/api/forms/slug?name=Service Enquiry&id=${id}`)).json().slug).toBe('service-enquiry');
    const res = await post('/api/forms/update', { id, data: formData('Servicing Enquiry') });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/forms/edit?id=${id}`)).json().data.handle).toBe('servicing-enquiry');
    expect((await get('/api/forms/edit?id=999999')).statusCode).toBe(404);
  });

  it('refuses bad form fields with field errors', async () => {
    const res = await post('/api/forms/store', {
      data: formData('Broken', { emails: { subject: '', email_lists: 'not-an-address' } }),
      parent: null,
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['data.emails.subject', 'data.emails.email_title', 'data.emails.email_lists.0']),
    );
  });

  it('deletes a form without children and refuses one with children', async () => {
    const parent = await storeForm('Parts Enquiry');
    await storeForm('Parts Enquiry Kia', parent);
    const refused = await post('/api/forms/delete', { id: parent });
    expect(refused.json().errors.id).toEqual(['You cannot delete as you have child pages.']);
    const leaf = await storeForm('Newsletter');
    expect((await post('/api/forms/delete', { id: leaf })).statusCode).toBe(200);
    expect((await get(`/api/forms/edit?id=${leaf}`)).statusCode).toBe(404);
    expect((await post('/api/forms/delete', { id: 999999 })).statusCode).toBe(404);
  });

  it('answers the handle and updated_at a save gave, so the next save needs no reload', async () => {
    const { handle: _handle, ...data } = formData('Part Exchange');
    const stored = await post('/api/forms/store', { data, parent: null });
    expect(stored.statusCode, stored.body).toBe(200);
    const { id } = stored.json();
    const loaded = (await get(`/api/forms/edit?id=${id}`)).json().data;
    expect(stored.json()).toMatchObject({ handle: loaded.handle, updated_at: loaded.updated_at });
    // Sent without a handle, it is still a form, with its e-mails.
    expect(loaded.emails).toMatchObject({ email_lists: ['sales@example.com', 'leads@example.com'] });
    const renamed = { ...data, name: 'Part Exchange Valuation' };
    const first = await post('/api/forms/update', { id, data: renamed, updated_at: loaded.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const now = (await get(`/api/forms/edit?id=${id}`)).json().data;
    expect(first.json()).toEqual({
      id,
      handle: 'part-exchange-valuation',
      updated_at: now.updated_at,
      message: 'Successfully updated form!',
    });
    const second = await post('/api/forms/update', {
      id,
      data: renamed,
      updated_at: first.json().updated_at,
    });
    expect(second.statusCode, second.body).toBe(200);
  });
});
