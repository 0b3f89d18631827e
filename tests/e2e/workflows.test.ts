import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { apiRequest, createPage } from './api';
import { field, hasChromium, successToasts } from './browser';
import { baseURL } from './server';

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
    expect((await fetch(new URL(`/site/${data.slug}`, baseURL()))).status).toBe(404);

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

  it('a reviewer approves only what their screen shows: a save made meanwhile asks them to reload', async () => {
    const token = admin.token;
    const me = await apiRequest<{ data: { id: number } }>(token, 'GET', 'auth/me');
    const id = await createPage(token, `Rate offer ${Date.now()}`);
    await apiRequest(token, 'POST', 'workflows/create', {
      name: `Rates ${id}`,
      applies_to: { page_ids: [id], brand_ids: [], forms: false },
      stages: [{ name: 'Rate check', role_ids: [], user_ids: [me.data.id], due_hours: 24 }],
    });
    await apiRequest(token, 'POST', 'pages/submit', { id });
    const page = await admin.newPage();
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('status', { name: 'Review' }).getByText('Rate check').waitFor();

    // Saved again elsewhere while the reviewer reads it.
    const { data } = await apiRequest<{ data: Record<string, unknown> & { updated_at: string } }>(
      token,
      'GET',
      `pages/edit?id=${id}`,
    );
    await apiRequest(token, 'POST', 'pages/update', {
      id,
      updated_at: data.updated_at,
      data: { ...data, meta: { title: 'Rate offer', description: 'A rate nobody checked' } },
    });

    await page.getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: 'Approve Rate check' })
      .getByRole('button', { name: 'Approve' })
      .click();
    // The builder's errors show at the bottom right, with its other messages (spec §8).
    await successToasts(page)
      .getByText('This page was saved again since you opened it: reload it to see what you would approve.')
      .waitFor();
    const stored = await apiRequest<{ data: { published: number }; review: { stage: string } }>(
      token,
      'GET',
      `pages/edit?id=${id}`,
    );
    expect([stored.data.published, stored.review.stage]).toEqual([0, 'Rate check']);
    await page.close();
  });

  it('a reviewer without an account approves from the review link made from Share preview', async () => {
    const token = admin.token;
    const me = await apiRequest<{ data: { id: number } }>(token, 'GET', 'auth/me');
    const id = await createPage(token, `Lender offer ${Date.now()}`);
    await apiRequest(token, 'POST', 'workflows/create', {
      name: `Lenders ${id}`,
      applies_to: { page_ids: [id], brand_ids: [], forms: false },
      stages: [{ name: 'Lender check', role_ids: [], user_ids: [me.data.id], external: true }],
    });
    await apiRequest(token, 'POST', 'pages/submit', { id });

    const page = await admin.newPage();
    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('status', { name: 'Review' }).getByText('Lender check').waitFor();
    await page.getByRole('button', { name: 'Share preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share preview' });
    await field(dialog, "Reviewer's e-mail").fill('checker@lender.example');
    await dialog.getByRole('button', { name: 'Make review link' }).click();
    const url = await field(dialog, 'Review link (Lender check)').inputValue();

    // The site's plain form posts: the reviewer needs no script.
    const reviewer = await admin.newPage();
    await reviewer.goto(url);
    await reviewer.getByText('You are reviewing this page as checker@lender.example').waitFor();
    await reviewer.getByRole('button', { name: 'Request changes' }).click();
    await reviewer.getByRole('alert').getByText('Say what should change.').waitFor();
    await reviewer
      .getByRole('textbox', { name: 'Comment (needed to request changes)' })
      .fill('Terms checked');
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    await reviewer.getByText('Your approval is recorded under checker@lender.example.').waitFor();
    await reviewer.close();

    await page.reload();
    await page.getByRole('status', { name: 'Review' }).getByText('Approved').waitFor();
    await page.close();
  }, 120_000);

  it('adds a workflow through its form: ordered stages with their reviewers and due times', async () => {
    const page = await admin.newPage();
    const name = `Brochures ${Date.now()}`;
    await page.goto('/workflows');
    await page.getByRole('link', { name: 'Add workflow' }).first().click();
    await field(page, 'Name').fill(name);
    // Saved without a reviewer, the stage says what it needs.
    await field(page, 'Stage 1 name').fill('Legal');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose the roles or users who may approve this stage.').waitFor();
    await page.getByRole('group', { name: 'Roles who approve it' }).getByText('Group administrator').click();
    await field(page, 'Stage 1 due within (hours)').fill('48');
    await page.getByRole('button', { name: 'Add stage' }).click();
    await field(page, 'Stage 2 name').fill('Marketing sign-off');
    await page.getByRole('group', { name: 'Roles who approve it' }).nth(1).getByText('Marketing').click();
    await page.getByRole('button', { name: 'Move stage 2 up' }).click();
    expect(await field(page, 'Stage 1 name').inputValue()).toBe('Marketing sign-off');
    await page.getByRole('button', { name: 'Save' }).click();
    await successToasts(page).getByText('You have added a new workflow.').waitFor();
    await page.getByRole('row').filter({ hasText: name }).getByText('Marketing sign-off → Legal').waitFor();

    const { workflows } = await apiRequest<{
      workflows: {
        data: { id: number; name: string; stages: { name: string; due_hours: number | null }[] }[];
      };
    }>(admin.token, 'GET', 'workflows');
    const made = workflows.data.find((w) => w.name === name)!;
    expect(made.stages).toMatchObject([
      { name: 'Marketing sign-off', due_hours: null },
      { name: 'Legal', due_hours: 48 },
    ]);
    await apiRequest(admin.token, 'POST', 'workflows/delete', { ids: [made.id] });
    await page.close();
  }, 120_000);
});
