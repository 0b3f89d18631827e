import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/shared/format';
import { signedInAdmin } from './admin';
import { createPage, uniqueToken } from './api';
import { descriptionOf, field, hasChromium, successToasts } from './browser';

const DAY = 86_400_000;

/** A time `days` ahead on the minute, as the date-time picker takes it (local time). */
function pickerTime(days: number): string {
  const date = new Date(Date.now() + days * DAY);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** A select's button is named by its value, then its label ('No Published'). */
const selectButton = (scope: Page | Locator, label: string) =>
  scope.getByRole('button', { name: new RegExp(`(^|\\s)${label}\\s*\\*?$`) });

describe.skipIf(!hasChromium)('scheduled publishing', () => {
  const admin = signedInAdmin();

  it('schedules a page from the builder, which the list shows as scheduled and the dashboard lists', async () => {
    const tag = uniqueToken();
    const name = `Launch ${tag}`;
    const parent = await createPage(admin.token, `Campaigns ${tag}`, { is_allowed_children: 1 });
    const id = await createPage(admin.token, name, { parent });
    const page = await admin.newPage();

    await page.goto(`/pages/edit/${id}`);
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    await selectButton(page, 'Published').click();
    await page.getByRole('option', { name: 'Yes', exact: true }).click();
    const goesLive = pickerTime(2);
    const comesDown = pickerTime(4);
    await field(page, 'Published at').fill(goesLive);

    // An unpublish time before the publish time is refused on its field.
    await field(page, 'Unpublish at').fill(pickerTime(1));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('region', { name: 'Page settings' })
      .getByText('Choose a time after the publish time.')
      .waitFor();
    expect(await descriptionOf(field(page, 'Unpublish at'))).toContain(
      'Choose a time after the publish time.',
    );

    await field(page, 'Unpublish at').fill(comesDown);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await successToasts(page).getByText('Successfully updated page!').waitFor();

    // The list says when it goes live and when it comes down, instead of 'Published'.
    await page.goto(`/pages/children/${parent}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    const status = await row.textContent();
    expect(status).toContain(`Scheduled for ${formatDateTime(goesLive)}`);
    expect(status).toContain(`Unpublishes ${formatDate(comesDown)}`);
    expect(await row.getByText('Published', { exact: true }).count()).toBe(0);

    // The dashboard lists both changes, each leading to the builder.
    await page.goto('/dashboard');
    const schedule = page.getByRole('region', { name: 'Coming up on the website' });
    const entries = schedule.getByRole('listitem').filter({ hasText: name });
    await entries.first().waitFor();
    expect(await entries.allTextContents()).toEqual([
      `${formatDateTime(goesLive)}Page ${name} goes live`,
      `${formatDateTime(comesDown)}Page ${name} comes down`,
    ]);
    await entries.first().getByRole('link', { name }).click();
    await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/pages/edit/${id}`);
    expect(await field(page, 'Unpublish at').inputValue()).toBe(comesDown);
  });
});
