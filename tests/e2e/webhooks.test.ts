import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../api/receiver';
import { signedInAdmin } from './admin';
import { field, hasChromium, successToasts } from './browser';

describe.skipIf(!hasChromium)('webhooks', () => {
  const admin = signedInAdmin();
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('adds an endpoint, shows its secret once, and logs a test event the receiver verifies', async () => {
    const page = await admin.newPage();
    await page.goto('/webhooks');
    await page.getByRole('link', { name: 'Add webhook' }).first().click();
    await field(page, 'URL').fill(receiver.url);
    // Ticked from the keyboard, as the form is meant to be used.
    for (const name of [/Page published/, /Enquiry received/]) {
      const box = page.getByRole('checkbox', { name });
      await box.focus();
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
    }
    await page.getByRole('button', { name: 'Save' }).click();

    // The secret, once, in a dialog that holds the focus.
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    await dialog.waitFor();
    const secret = await dialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByText(`Updating ${receiver.url}`).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);

    await page.getByRole('button', { name: 'Send test event' }).click();
    await successToasts(page).getByText('A test event is on its way.').waitFor();
    const [request] = await receiver.waitFor(1);
    expect(
      new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>),
    ).toMatchObject({
      type: 'webhook.test',
    });

    // The log shows it delivered, with what was sent and what came back.
    const log = page.getByRole('table', { name: 'Deliveries' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return log.getByText('Delivered (200)').count();
      })
      .toBe(1);
    await log.getByRole('button', { name: 'Details' }).click();
    const detail = page.getByRole('dialog', { name: 'Delivery' });
    await detail.getByText(String(request!.headers['webhook-id'])).waitFor();
    expect(await detail.locator('pre').first().textContent()).toBe(request!.body);
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    await page.close();
  }, 120_000);
});
