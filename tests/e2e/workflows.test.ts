import { describe, expect, inject, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiRequest, createPage } from './api';
import { hasChromium, successToasts } from './browser';

describe.skipIf(!hasChromium)('review workflows', () => {
  const admin = signedInAdmin();

  it('a page under a workflow goes on the website once it is submitted and approved', async () => {
    const token = admin.token;
    const me = await apiRequest<{ data: { id: number } }>(token, 'GET', 'auth/me');
    const name = `Finance offer ${Date.now()}`;
    const id = await createPage(token, name);
    await apiRequest(token, 'POST', 'workflows/create', {
      name: `Offers ${id}`,
      applies_to: { page_ids: [id], brand_ids: [], forms: false },
      stages: [{ name: 'Compliance review', role_ids: [], user_ids: [me.data.id], due_hours: 24 }],
    });
    const { data } = await apiRequest<{ data: { slug: string } }>(token, 'GET', `pages/edit?id=${id}`);

    // Not on the website before its review, even published by the list's toggle.
    await expect(apiRequest(token, 'POST', 'pages/publishable', { id })).rejects.toThrow(
      /answered 403.*Draft/,
    );
    // Asked outside the browser: the site lets a browser keep an answer for a minute.
    expect((await fetch(new URL(`/site/${data.slug}`, inject('baseURL')))).status).toBe(404);

    const page = await admin.newPage();
    await page.goto(`/pages/edit/${id}`);
    const review = page.getByRole('status', { name: 'Review' });
    await review.getByText('Draft').waitFor();
    // Publishing goes through the review: Published is read-only, Submit for review stands instead.
    await page
      .getByText(`Under the Offers ${id} workflow, the page goes on the website once it is approved.`)
      .waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await successToasts(page).getByText('The page is waiting in Compliance review.').waitFor();
    await review.getByText('Compliance review').waitFor();
    expect(await review.textContent()).toContain('due');

    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Compliance review' });
    await dialog.getByRole('textbox', { name: 'Comment (optional)' }).fill('Rates checked');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await successToasts(page).getByText('Approved: the website shows this version.').waitFor();
    await page.getByRole('status', { name: 'Review' }).getByText('Approved').waitFor();

    const visitor = await admin.newPage();
    const answer = await visitor.goto(`/site/${data.slug}`);
    expect(answer?.status()).toBe(200);
    expect(await visitor.title()).toContain(name);
    await visitor.close();
    await page.close();
  }, 120_000);
});
