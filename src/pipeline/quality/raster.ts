/** Decodes an untrusted PNG/JPEG into the normalised greyscale copy every quality metric reads. */
import { imageSize, openImage } from '../../imaging/open.js';

/** Metrics are computed at this longer side: enough to resolve ID-card text, cheap to scan in JS. */
export const NORMALISED_LONG_SIDE = 1000;

export interface GreyImage {
  /** One byte per pixel, row-major. */
  pixels: Uint8Array;
  width: number;
  height: number;
  /** Size of the decoded original (after EXIF orientation). */
  originalWidth: number;
  originalHeight: number;
  /** Original pixels per normalised pixel (≥ 1: small images are never enlarged). */
  scale: number;
}

export async function loadGrey(image: Buffer, longSide = NORMALISED_LONG_SIDE): Promise<GreyImage> {
  await imageSize(image);
  const meta = await openImage(image).metadata();
  const { data, info } = await openImage(image, { sequentialRead: true })
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`Expected one channel, got ${info.channels}.`);
  const swapped = (meta.orientation ?? 1) >= 5;
  const originalWidth = swapped ? meta.height! : meta.width!;
  const originalHeight = swapped ? meta.width! : meta.height!;
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    originalWidth,
    originalHeight,
    scale: Math.max(originalWidth, originalHeight) / Math.max(info.width, info.height),
  };
}
