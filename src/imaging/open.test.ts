import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSize, ImageTooLargeError, openImage, readHeader } from './open.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

describe('openImage', () => {
  it('decodes under the one limit, or under a lower one the caller admits', async () => {
    const image = await png(200, 100);
    expect((await openImage(image).metadata()).width).toBe(200);
    expect((await readHeader(image)).height).toBe(100);
    await expect(openImage(image, { maxPixels: 10_000 }).raw().toBuffer()).rejects.toThrow(/pixel limit/i);
    await expect(imageSize(image, 10_000)).rejects.toBeInstanceOf(ImageTooLargeError);
  });
});
