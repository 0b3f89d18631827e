import { probeImage, svgDanger } from '@server/domain/media/probe';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngDeclaring } from './uploads';

/** The smallest JPEG header that declares a size: SOI, a baseline frame header, EOI. */
function jpegDeclaring(width: number, height: number): Buffer {
  const frame = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, Buffer.from([0xff, 0xd9])]);
}

const photo = (format: 'jpeg' | 'png' | 'webp' = 'jpeg') =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

describe('probeImage', () => {
  it('answers the format, type and size of an image', async () => {
    expect(await probeImage(await photo(), { name: 'front.jpg', mime: 'image/jpeg' })).toEqual({
      ok: true,
      format: 'jpeg',
      mime: 'image/jpeg',
      width: 300,
      height: 200,
    });
    expect(await probeImage(await photo('webp'), { name: 'front.webp' })).toMatchObject({
      ok: true,
      format: 'webp',
    });
  });

  it('gives the upright size of a photo the camera turned', async () => {
    const turned = await sharp(await photo())
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await probeImage(turned)).toMatchObject({ ok: true, width: 200, height: 300 });
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    const png = pngDeclaring(100_000, 100_000);
    expect(png.length).toBeLessThan(200);
    expect(await probeImage(png, { name: 'bomb.png' })).toEqual({
      ok: false,
      message: 'The image is too large: at most 100 megapixels and 30,000 pixels a side.',
    });
    // JPEG sides stop at 65,535: this one declares 4 gigapixels in 25 bytes.
    expect(await probeImage(jpegDeclaring(65_000, 65_000), { name: 'bomb.jpg' })).toMatchObject({
      ok: false,
      message: expect.stringContaining('too large'),
    });
    // Under the pixel limit but longer than any side may be.
    expect(await probeImage(pngDeclaring(40_000, 10), { name: 'strip.png' })).toMatchObject({ ok: false });
  });

  it('refuses a file that is not what its name or type says', async () => {
    expect(await probeImage(await photo('png'), { name: 'car.jpg' })).toEqual({
      ok: false,
      message: 'The file is a PNG image, not the JPEG its name or type says.',
    });
    expect(await probeImage(await photo('png'), { name: 'car', mime: 'image/jpeg' })).toMatchObject({
      ok: false,
    });
    expect(await probeImage(Buffer.from('name,price\nFocus,100\n'), { name: 'car.jpg' })).toEqual({
      ok: false,
      message: 'The file is not an image the library takes (JPEG, PNG, GIF, WebP, AVIF or SVG).',
    });
  });

  it('refuses an image cut short', async () => {
    const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    expect(
      await probeImage(whole.subarray(0, Math.floor(whole.length / 2)), { name: 'half.jpg' }),
    ).toMatchObject({
      ok: false,
    });
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(31 * 1024 * 1024)]);
    expect(await probeImage(big, { name: 'big.jpg' })).toEqual({
      ok: false,
      message: 'The file may not be greater than 30 MB.',
    });
  });

  it('refuses an animation', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('#0a0'), await frame('#a00')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(await probeImage(animated, { name: 'spin.gif' })).toEqual({
      ok: false,
      message: 'Animated images are not taken: upload a still image.',
    });
  });

  it('takes a plain SVG and refuses one with script, handlers, foreign objects or outside references', async () => {
    const svg = (body: string) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">${body}</svg>`);
    expect(
      await probeImage(svg('<rect width="10" height="10" fill="url(#g)"/>'), { name: 'logo.svg' }),
    ).toEqual({
      ok: true,
      format: 'svg',
      mime: 'image/svg+xml',
      width: 40,
      height: 20,
    });
    expect(await probeImage(svg('<script>alert(1)</script>'), { name: 'logo.svg' })).toEqual({
      ok: false,
      message: 'The SVG is refused: it contains a script. Export it again without it.',
    });
    expect(svgDanger('<svg><rect onload="alert(1)"/></svg>')).toMatch(/event handler/);
    expect(svgDanger('<svg><foreignObject><p>hi</p></foreignObject></svg>')).toMatch(/foreign object/);
    expect(svgDanger('<svg><image href="https://tracker.example/x.png"/></svg>')).toMatch(/another file/);
    expect(svgDanger('<svg><use xlink:href="other.svg#a"/></svg>')).toMatch(/another file/);
    expect(svgDanger('<svg><rect style="fill:url(https://x.example/a)"/></svg>')).toMatch(/another file/);
    expect(svgDanger('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>')).toMatch(
      /entities/,
    );
    expect(svgDanger('<svg><a href="javascript:alert(1)"><text>x</text></a></svg>')).toBeTruthy();
    expect(svgDanger('<svg><use href="#a"/><image href="data:image/png;base64,AAAA"/></svg>')).toBeNull();
  });
});
