import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

/** A small PNG of a colour of its own: the library keeps equal bytes once, so each upload must differ. */
export async function distinctPng(size = 16): Promise<Buffer> {
  const channel = () => randomInt(256);
  return sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: channel(), g: channel(), b: channel() },
    },
  })
    .png()
    .toBuffer();
}

/**
 * Puts a new image into an image field as a user does: Choose image, upload into the library in the
 * dialog (the upload is chosen as it arrives), Use image; the field then names it.
 */
export async function uploadIntoField(page: Page, field: Locator, filename: string): Promise<void> {
  await field.getByRole('button', { name: /^(Choose|Replace) image/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: filename, mimeType: 'image/png', buffer: await distinctPng() });
  await dialog.getByText(`Chosen: ${filename}`).waitFor();
  await dialog.getByRole('button', { name: /^Use / }).click();
  await dialog.waitFor({ state: 'detached' });
  await field.getByText(filename, { exact: true }).waitFor();
}
