/** PNG and JPEG intake with sharp: the header is read first and pixel bombs are refused before
 * any decoding; then EXIF orientation is applied, alpha flattened onto white, output 8-bit sRGB
 * PNG, downscaled only when over the page pixel budget. */
import type { Metadata, OutputInfo } from 'sharp';
import type { FileKind } from '../../domain/document-types.js';
import { MAX_IMAGE_PIXELS, openImage, readHeader } from '../../imaging/open.js';
import { errorLevelMap } from '../../verification/tamper/ela.js';
import type { IntakeResult } from '../types.js';
import { IntakeError, PrecheckRefusal } from './errors.js';
import { imageFault } from './image-faults.js';
import { exifTextTags } from './exif.js';
import type { IntakeLimits } from './limits.js';
import type { Progress } from './progress.js';

const FORMAT_OF: Partial<Record<FileKind, string>> = { png: 'png', jpeg: 'jpeg' };

export async function readImage(bytes: Buffer, kind: 'png' | 'jpeg', limits: IntakeLimits, progress: Progress): Promise<IntakeResult> {
  progress('the image');
  let meta: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below with a reason naming the size.
    meta = await readHeader(bytes);
  } catch (err) {
    throw new PrecheckRefusal(imageFault(bytes, kind, err));
  }
  const { width = 0, height = 0 } = meta;
  if (meta.format !== FORMAT_OF[kind]) throw new PrecheckRefusal(`the file is not a ${kind.toUpperCase()} image`);
  if (width < 1 || height < 1) throw new PrecheckRefusal('the image declares no size');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new PrecheckRefusal(`the image declares ${width}×${height} pixels, more than the ${Math.round(MAX_IMAGE_PIXELS / 1e6)} MP limit`);
  }
  const over = (width * height) / limits.maxPixels;
  const pipeline = openImage(bytes, { sequentialRead: true }).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb');
  if (over > 1) {
    const fit = Math.sqrt(over);
    // Orientations 5-8 swap the sides, and resizing happens after the rotation.
    const [w, h] = (meta.orientation ?? 1) >= 5 ? [height, width] : [width, height];
    pipeline.resize({ width: Math.floor(w / fit), height: Math.floor(h / fit), fit: 'inside' });
  }
  let out: { data: Buffer; info: OutputInfo };
  let elaMap: Buffer | undefined;
  try {
    out = await pipeline.png().toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new IntakeError(imageFault(bytes, kind, err));
  }
  if (kind === 'jpeg') {
    progress('the error-level map');
    // Evidence for the tamper check only: without it the check is skipped, the file still read.
    elaMap = await errorLevelMap(bytes, out.info).catch(() => undefined);
  }
  const comments = (meta.comments ?? []).filter((c) => /^(software|creator|author)$/i.test(c.keyword));
  return {
    kind,
    pageCount: 1,
    pagesTaken: 1,
    images: [{ page: 1, width: out.info.width, height: out.info.height, png: out.data }],
    textLayer: [],
    ...(elaMap ? { elaMap } : {}),
    metadata: {
      format: meta.format,
      declaredWidth: width,
      declaredHeight: height,
      orientation: meta.orientation ?? 1,
      density: meta.density ?? null,
      downscaled: over > 1,
      ...exifTextTags(meta.exif),
      ...Object.fromEntries(comments.map((c) => [`png${c.keyword}`, c.text.slice(0, 200)])),
    },
  };
}
