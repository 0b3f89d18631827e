import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiRequest, createPage, createUser, heroBlock, listBrands, uniqueToken } from './api';
import { descriptionOf, errorToasts, field, hasChromium } from './browser';

const PAGES_REFUSED = 'Your role, Read only, cannot change pages.';
const FORMS_REFUSED = 'Your role, Read only, cannot change forms.';

const richText = (name: string, body: string) => ({
  index: 'rich_text',
  name,
  sections: { content: { fields: { body } } },
});

/** Every control in the screen that would take a change: enabled, not read-only, or editable text. */
function changeableControls(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    Array.from(
      main.querySelectorAll<HTMLElement>(
        'input:not([type="hidden"]), textarea, select, button[aria-haspopup="listbox"], [contenteditable]',
      ),
    )
      .filter((control) => {
        if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
          return !control.disabled && !control.readOnly;
        if (control instanceof HTMLSelectElement || control instanceof HTMLButtonElement)
          return !control.disabled;
        return control.isContentEditable;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.id),
  );
}

/** How many of each control that changes a record's blocks the screen offers. */
async function structuralControls(page: Page, block: string): Promise<Record<string, number>> {
  const names = [
    'Add block',
    'Paste blocks',
    'Undo',
    'Redo',
    `Drag ${block}`,
    `Hide ${block}`,
    `Move ${block} up`,
    `Move ${block} down`,
    `Duplicate ${block}`,
    `Remove ${block}`,
  ];
  const counts: Record<string, number> = {};
  for (const name of names) counts[name] = await page.getByRole('button', { name, exact: true }).count();
  return counts;
}

const noneOf = (counts: Record<string, number>) =>
  Object.fromEntries(Object.keys(counts).map((name) => [name, 0]));

describe.skipIf(!hasChromium)('the page and form builders for someone who may only read', () => {
  const admin = signedInAdmin();
  let reader: Page;
  let pageId: number;
  let formId: number;
  let formBlock: string;
  const pageName = `Read only ${uniqueToken()}`;

  beforeAll(async () => {
    const email = `builder.reader.${uniqueToken()}@example.com`;
    const password = 'Builder-Reader-Pass-1';
    // Made without a role: Read only, over the whole group.
    await createUser(admin.token, { name: 'Builder Reader', email, password });
    pageId = await createPage(admin.token, pageName, {
      items: [heroBlock('Opening', 'Opening title'), richText('Intro', 'Welcome to the showroom.')],
    });
    // Under a review workflow: where the page stands shows, but sending it on is a change.
    const me = await apiRequest<{ data: { id: number } }>(admin.token, 'GET', 'auth/me');
    await apiRequest(admin.token, 'POST', 'workflows/create', {
      name: `Read only review ${uniqueToken()}`,
      applies_to: { page_ids: [pageId], brand_ids: [], forms: false },
      stages: [{ name: 'Check', role_ids: [], user_ids: [me.data.id], due_hours: null }],
    });
    const forms = await apiRequest<{ data: { id: number; handle: string }[] }>(admin.token, 'GET', 'forms');
    formId = forms.data.find((form) => form.handle === 'test-drive')!.id;
    const form = await apiRequest<{ data: { items: { name: string }[] } }>(
      admin.token,
      'GET',
      `forms/edit?id=${formId}`,
    );
    formBlock = form.data.items[0]!.name;
    reader = await admin.pageAs(email, password);
  });
  afterAll(async () => {
    await reader?.context().close();
  });

  it('shows a page to read: nothing to change, no block to add or remove, and keys in Name change nothing', async () => {
    const slugCalls: string[] = [];
    reader.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/pages/slug') slugCalls.push(request.url());
    });
    await reader.goto(`/pages/edit/${pageId}`);
    const name = field(reader, 'Name');
    await name.waitFor();
    await reader.getByRole('note').getByText(PAGES_REFUSED).waitFor();
    const save = reader.getByRole('button', { name: 'Save', exact: true });
    expect(await descriptionOf(save)).toContain(PAGES_REFUSED);

    expect(await changeableControls(reader)).toEqual([]);
    const offered = await structuralControls(reader, 'Opening');
    expect(offered).toEqual(noneOf(offered));
    await reader.getByRole('status', { name: 'Review' }).getByText('Draft').waitFor();
    expect(await reader.getByRole('button', { name: 'Submit for review' }).count()).toBe(0);

    await name.click();
    await reader.keyboard.type(' renamed');
    await reader.keyboard.press('Backspace');
    expect(await name.inputValue()).toBe(pageName);

    // Its blocks open to be read, and close.
    await reader.getByRole('button', { name: 'View Opening', exact: true }).click();
    const opened = reader.getByRole('region', { name: 'View Opening' });
    const title = field(opened, 'Title');
    expect(await title.inputValue()).toBe('Opening title');
    await title.click();
    await reader.keyboard.type('!');
    expect(await title.inputValue()).toBe('Opening title');
    expect(await changeableControls(reader)).toEqual([]);
    expect(await opened.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await opened.getByRole('button', { name: 'Close', exact: true }).click();
    await opened.waitFor({ state: 'detached' });

    // Rich text too: the editor shows it and takes no typing.
    await reader.getByRole('button', { name: 'View Intro', exact: true }).click();
    const intro = reader.getByRole('region', { name: 'View Intro' }).getByRole('textbox', { name: 'Text' });
    await intro.getByText('Welcome to the showroom.').waitFor();
    await intro.click();
    await reader.keyboard.type('Typed. ');
    expect(await intro.textContent()).toBe('Welcome to the showroom.');
    expect(await changeableControls(reader)).toEqual([]);
    await reader.getByRole('button', { name: 'Close', exact: true }).click();

    // The preview stays open to them.
    await reader.getByRole('button', { name: 'Preview', exact: true }).click();
    await reader.frameLocator('iframe[title="Page preview"]').getByText('Opening title').waitFor();
    expect(slugCalls).toEqual([]);
  });

  it('shows a form to read the same way', async () => {
    await reader.goto(`/forms/edit/${formId}`);
    await reader.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    await reader.getByRole('note').getByText(FORMS_REFUSED).waitFor();
    expect(await changeableControls(reader)).toEqual([]);
    const offered = await structuralControls(reader, formBlock);
    expect(offered).toEqual(noneOf(offered));
    await reader.getByRole('button', { name: `View ${formBlock}`, exact: true }).click();
    await reader.getByRole('region', { name: `View ${formBlock}` }).waitFor();
    expect(await changeableControls(reader)).toEqual([]);
  });

  it('still lets an editor change the same page', async () => {
    const editor = await admin.newPage();
    try {
      await editor.goto(`/pages/edit/${pageId}`);
      const name = field(editor, 'Name');
      await name.waitFor();
      expect(await editor.getByRole('note').count()).toBe(0);
      expect(await changeableControls(editor)).toContain(await name.getAttribute('id'));
      const offered = await structuralControls(editor, 'Opening');
      expect(offered).toMatchObject({ 'Add block': 1, 'Paste blocks': 1, 'Remove Opening': 1 });
      await editor.getByRole('button', { name: 'Submit for review' }).waitFor();
      await name.click();
      await editor.keyboard.type(' renamed');
      expect(await name.inputValue()).toBe(`${pageName} renamed`);
      await editor.getByRole('button', { name: 'Edit Opening', exact: true }).click();
      const opened = editor.getByRole('region', { name: 'Edit Opening' });
      await field(opened, 'Title').fill('Opening title changed');
      await opened.getByRole('button', { name: 'Save', exact: true }).click();
      await opened.waitFor({ state: 'detached' });
    } finally {
      await editor.close();
    }
  });
});

describe.skipIf(!hasChromium)('the page builder for a role that may change pages but not open brands', () => {
  const admin = signedInAdmin();

  it('offers the brands to choose from, with nothing refused', async () => {
    const tag = uniqueToken();
    const role = await apiRequest<{ id: number }>(admin.token, 'POST', 'roles/create', {
      name: `Page writer ${tag}`,
      permissions: { pages: ['view', 'create', 'update'] },
    });
    const email = `page.writer.${tag}@example.com`;
    const password = 'Page-Writer-Pass-1';
    await createUser(admin.token, { name: 'Page Writer', email, password, role_id: role.id });
    const brands = (await listBrands(admin.token)).brands.data.map((brand) => brand.name);
    const pageId = await createPage(admin.token, `Writer ${tag}`, { items: [heroBlock('Opening', 'Hi')] });

    const writer = await admin.pageAs(email, password);
    try {
      await writer.goto(`/pages/edit/${pageId}`);
      await field(writer, 'Name').waitFor();
      await writer.getByRole('button', { name: /(^|\s)Brand\s*\*?$/ }).click();
      const offered = await writer.getByRole('listbox').getByRole('option').allInnerTexts();
      // Other tests may add brands meanwhile: every brand there was is offered.
      expect(brands.length).toBeGreaterThan(0);
      expect(offered.map((name) => name.trim())).toEqual(expect.arrayContaining(brands));
      await writer.keyboard.press('Escape');
      expect(await errorToasts(writer).getByText(/./).count()).toBe(0);
    } finally {
      await writer.context().close();
    }
  });
});
