/** The one way an image is opened with sharp, and the one pixel limit every decode shares.
 * Untrusted files are decoded only in the intake sandbox (with this limit); every later step reads
 * the sandbox's normalised page images, which are within it by construction, so a file intake
 * accepted is never refused later by a stricter limit or a stricter decoder. */
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';

/** Phone cameras save up to ~50 MP (48 MP is common) and 100 MP sensors exist; a 16000×16000
 * pixel bomb is 256 MP. */
export const MAX_IMAGE_PIXELS = 100e6;

export class ImageTooLargeError extends Error {
  readonly code = 'IMAGE_TOO_LARGE';
  constructor(width: number, height: number, maxPixels: number) {
    super(`Image of ${width}×${height} px exceeds the limit of ${maxPixels} pixels`);
    this.name = 'ImageTooLargeError';
  }
}

export type OpenOptions = Omit<SharpOptions, 'limitInputPixels' | 'failOn'> & {
  /** A lower limit where the caller admits less (a camera frame, a worker's page budget). */
  maxPixels?: number;
};

/** A sharp pipeline over encoded image bytes under the pixel limit. Decoding fails on errors, not
 * on warnings: a JPEG with a damaged scan (libjpeg's "premature end of data") still decodes,
 * the same way in intake and after it. */
export function openImage(bytes: Buffer, { maxPixels = MAX_IMAGE_PIXELS, ...options }: OpenOptions = {}): Sharp {
  return sharp(bytes, { ...options, limitInputPixels: maxPixels, failOn: 'error' });
}

/** An image's header (size, format, orientation) without decoding its pixels, so without the
 * pixel limit: the caller checks the declared size against its limit and says why it refuses. */
export function readHeader(bytes: Buffer): Promise<Metadata> {
  return sharp(bytes, { limitInputPixels: false }).metadata();
}

/** An image's size from its header alone; refuses a pixel bomb before anything decodes it. */
export async function imageSize(bytes: Buffer, maxPixels = MAX_IMAGE_PIXELS): Promise<{ width: number; height: number }> {
  const { width, height } = await readHeader(bytes);
  if (!width || !height) throw new Error('Image has no dimensions');
  if (width * height > maxPixels) throw new ImageTooLargeError(width, height, maxPixels);
  return { width, height };
}
