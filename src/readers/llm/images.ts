import { imageSize, MAX_IMAGE_PIXELS, openImage } from '../../imaging/open.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** A PNG no longer than `maxSide` on its longer side: what is sent to the model. Vision models
 * scale images down themselves (OpenAI tiles at 2048 px at most), so sending more only costs
 * upload time. Decoding is sharp's (libuv thread pool), never the event loop's. */
export async function fitPng(png: Buffer, maxSide: number, maxPixels = MAX_IMAGE_PIXELS): Promise<Buffer> {
  if (!isPng(png)) throw new TypeError('The vision model is sent PNG images only');
  const { width, height } = await imageSize(png, maxPixels);
  if (Math.max(width, height) <= maxSide) return png;
  return openImage(png).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true }).png().toBuffer();
}
