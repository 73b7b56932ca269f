import { fileTypeFromBuffer } from 'file-type';
import type { Metadata } from 'sharp';
import { AppError } from '../domain/errors.js';
import { openImage, readHeader } from '../imaging/open.js';
import type { RgbaImage } from '../readers/qr/decode.js';

/** Opens one untrusted camera frame: the real type from its bytes (JPEG, PNG or WebP only), the
 * pixel limit from the header before any decoding, the EXIF orientation applied, and a small copy
 * for the searches. Full resolution is only decoded again where a code was seen. */

export const FRAME_TYPES = ['jpeg', 'png', 'webp'] as const;
export type FrameType = (typeof FRAME_TYPES)[number];

/** 8 MB: a 12 MP phone JPEG at high quality is 3–6 MB; a capture screen sends far smaller frames. */
export const MAX_FRAME_BYTES = 8 * 1024 * 1024;
/** 24 MP covers every phone camera's default output; larger is refused as a pixel bomb. */
export const MAX_FRAME_PIXELS = 24_000_000;
/** The searches run on a copy at most this long: a QR module or an MRZ letter of a document that
 * fills a quarter of the frame is still several pixels wide there. */
export const WORK_LONG_SIDE = 1280;

export interface Frame {
  type: FrameType;
  width: number;
  height: number;
  /** The frame, upright, as an image any sharp call can open (the original bytes when no EXIF
   * turn was needed). */
  upright: Buffer;
  /** The downscaled copy, RGBA. */
  work: RgbaImage;
  maxPixels: number;
}

const SNIFFED: Record<string, FrameType> = { jpg: 'jpeg', png: 'png', webp: 'webp' };

export async function openFrame(bytes: Buffer): Promise<Frame> {
  if (bytes.length > MAX_FRAME_BYTES)
    throw new AppError('file_too_large', `The frame is over the ${MAX_FRAME_BYTES}-byte limit.`, {
      nextAction: { type: 'FIX_REQUEST', message: `Send a frame of at most ${MAX_FRAME_BYTES} bytes (a JPEG at quality 80 is plenty).` },
    });
  const sniffed = await fileTypeFromBuffer(bytes);
  const type = sniffed ? SNIFFED[sniffed.ext] : undefined;
  if (!type)
    throw new AppError('unsupported_file', 'The frame must be a JPEG, PNG or WebP image.', {
      nextAction: { type: 'FIX_REQUEST', message: 'Send the camera frame as JPEG, PNG or WebP.' },
    });
  let meta: Metadata;
  try {
    meta = await readHeader(bytes);
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_FRAME_PIXELS) {
    throw new AppError('validation_error', `The frame is ${meta.width}×${meta.height} px; at most ${MAX_FRAME_PIXELS} pixels are read.`, {
      nextAction: { type: 'FIX_REQUEST', message: 'Send a smaller frame (1920×1080 is plenty).' },
    });
  }
  const turned = (meta.orientation ?? 1) !== 1;
  const swapped = (meta.orientation ?? 1) >= 5;
  try {
    // Frames with an EXIF turn are rare from capture screens: re-encoded upright once, cheaply.
    const upright = turned ? await openImage(bytes, { maxPixels: MAX_FRAME_PIXELS }).autoOrient().png({ compressionLevel: 1 }).toBuffer() : bytes;
    const { data, info } = await openImage(bytes, { maxPixels: MAX_FRAME_PIXELS })
      .autoOrient()
      .resize({ width: WORK_LONG_SIDE, height: WORK_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      type,
      width: swapped ? meta.height : meta.width,
      height: swapped ? meta.width : meta.height,
      upright,
      work: { data, width: info.width, height: info.height },
      maxPixels: MAX_FRAME_PIXELS,
    };
  } catch {
    throw unreadable();
  }
}

function unreadable(): AppError {
  return new AppError('unsupported_file', 'The frame could not be decoded as an image.', {
    nextAction: { type: 'FIX_REQUEST', message: 'Send an intact JPEG, PNG or WebP frame.' },
  });
}
