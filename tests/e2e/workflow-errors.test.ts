import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin';
import { descriptionOf, field, focusReaches, hasChromium } from './browser';

const NAME_STAGE = 'Name the stage.';
const CHOOSE_APPROVERS = 'Choose the roles or users who may approve this stage.';

describe.skipIf(!hasChromium)('a workflow saved with its stage unfinished', () => {
  const admin = signedInAdmin();

  it('shows every error at once and takes focus to the first', async () => {
    const page = await admin.newPage();
    await page.goto('/workflows/add');
    const name = `Unfinished ${Date.now()}`;
    await field(page, 'Name').fill(name);
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click();

    const stageName = field(page, 'Stage 1 name');
    await page.getByText(NAME_STAGE, { exact: true }).waitFor();
    await page.getByText(CHOOSE_APPROVERS, { exact: true }).waitFor();
    expect(await descriptionOf(stageName)).toContain(NAME_STAGE);
    await focusReaches(stageName);

    // Named, the stage still wants its reviewers: focus goes to the first of them.
    await stageName.fill('Legal');
    await save.click();
    const roles = page.getByRole('group', { name: 'Roles who approve it' });
    await expect.poll(() => page.getByText(NAME_STAGE, { exact: true }).count()).toBe(0);
    await page.getByText(CHOOSE_APPROVERS, { exact: true }).waitFor();
    await focusReaches(roles.getByRole('checkbox').first());
    expect(await field(page, 'Name').inputValue()).toBe(name);
    expect(new URL(page.url()).pathname).toBe('/workflows/add');
  });
});
