import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '@/api/contract/comments';
import { apiRequest, apiToken, createPage, createUser, heroBlock, uniqueToken } from './api';
import { hasChromium, launchBrowser, signedInPage } from './browser';

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Blocks' }).getByRole('listitem', { name, exact: true });

describe.skipIf(!hasChromium)('comments in the builder', () => {
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiToken();
    page = await signedInPage(browser);
  });
  afterAll(async () => {
    await page?.context().close();
    await browser?.close();
  });

  it('leaves a comment on a block’s field beside it, marks the block in the preview, follows it, and resolves it', async () => {
    const tag = uniqueToken();
    const robin = `Robin ${tag}`;
    await createUser(token, { name: robin, email: `robin-${tag}@example.com` });
    const id = await createPage(token, `Comments ${tag}`, {
      items: [heroBlock('Opening', 'Opening title'), heroBlock('Closing', 'Closing title')],
    });
    await page.goto(`/pages/edit/${id}`);
    await row(page, 'Opening').waitFor();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.frameLocator('iframe[title="Page preview"]');
    await preview.getByText('Opening title').waitFor();
    expect(await preview.locator('[data-open-comments]').count()).toBe(0);

    await row(page, 'Opening').getByRole('button', { name: 'Comments on Opening', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Comments' });
    expect(await dialog.getByRole('combobox', { name: 'About' }).inputValue()).not.toBe('');
    await dialog.getByRole('combobox', { name: 'Field' }).selectOption('content.title');
    await dialog.getByRole('textbox', { name: 'Comment' }).fill(`Say which trim. @${robin} can you check?`);
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    const thread = dialog.getByRole('listitem', { name: /^Comment by / });
    await thread.getByText(`Say which trim. @${robin} can you check?`).waitFor();
    expect(await thread.getByText(`Mentions ${robin}`).count()).toBe(1);
    expect(await thread.getByText(/on Opening \(block 1\), content\.title/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The row and the preview say the block has an open comment.
    await row(page, 'Opening').getByRole('button', { name: 'Comments on Opening (1 open)' }).waitFor();
    await preview.getByText('1 open comment').waitFor();
    expect(await preview.locator('[data-open-comments]').count()).toBe(1);

    // The block moves down: its comment goes with it.
    await row(page, 'Opening').getByRole('button', { name: 'Move Opening down' }).click();
    await row(page, 'Opening').getByRole('button', { name: 'Comments on Opening (1 open)' }).click();
    await dialog.getByText(/on Opening \(block 2\), content\.title/).waitFor();

    await thread.getByRole('button', { name: 'Resolve' }).click();
    await thread.getByRole('button', { name: 'Reopen' }).waitFor();
    const stored = (await apiRequest<{ data: Comment[] }>(token, 'GET', `comments?record=pages:${id}`)).data;
    expect(stored).toMatchObject([{ field: 'content.title', resolved_at: expect.any(String) }]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => preview.locator('[data-open-comments]').count()).toBe(0);
  });

  it('opens a field’s comments from beside the field and threads replies, by keyboard', async () => {
    const tag = uniqueToken();
    const id = await createPage(token, `Replies ${tag}`, { items: [heroBlock('Offer', 'Offer title')] });
    await page.goto(`/pages/edit/${id}`);
    await row(page, 'Offer').getByRole('button', { name: 'Edit Offer' }).click();
    const beside = page.getByRole('button', { name: 'Comments on Content: Title', exact: true });
    await beside.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Comments' });
    expect(await dialog.getByRole('combobox', { name: 'Field' }).inputValue()).toBe('content.title');
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Which trim is this?');
    await dialog.getByRole('button', { name: 'Post comment' }).click();
    const thread = dialog.getByRole('listitem', { name: /^Comment by / });
    await thread.getByText('Which trim is this?').waitFor();

    await thread.getByRole('button', { name: 'Reply', exact: true }).focus();
    await page.keyboard.press('Enter');
    // The reply box takes focus as it opens.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.keyboard.type('GT-Line, from the price list.');
    await thread.getByRole('button', { name: 'Post reply' }).click();
    const replies = thread.getByRole('list', { name: /^Replies to / });
    await replies.getByText('GT-Line, from the price list.').waitFor();
    // Focus goes back to Reply, ready for the next.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Reply');
    await page.keyboard.press('Escape');

    // Beside the field, the count of its open threads (the reply is in the thread, not another one).
    await page.getByRole('button', { name: 'Comments on Content: Title (1 open)', exact: true }).waitFor();
    const stored = (await apiRequest<{ data: Comment[] }>(token, 'GET', `comments?record=pages:${id}`)).data;
    expect(stored.map((c) => [c.field, c.reply_to === null, c.body])).toEqual([
      ['content.title', true, 'Which trim is this?'],
      ['content.title', false, 'GT-Line, from the price list.'],
    ]);
  });
});
