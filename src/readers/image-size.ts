import sharp from 'sharp';

/** Reads an image's size from its header and refuses pixel bombs before any engine decodes it. */

export const DEFAULT_MAX_PIXELS = 40e6;

export class ImageTooLargeError extends Error {
  readonly code = 'IMAGE_TOO_LARGE';
  constructor(width: number, height: number, maxPixels: number) {
    super(`Image of ${width}×${height} px exceeds the limit of ${maxPixels} pixels`);
    this.name = 'ImageTooLargeError';
  }
}

export async function imageSize(png: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(png, { limitInputPixels: false }).metadata();
  if (!width || !height) throw new Error('Image has no dimensions');
  if (width * height > maxPixels) throw new ImageTooLargeError(width, height, maxPixels);
  return { width, height };
}
