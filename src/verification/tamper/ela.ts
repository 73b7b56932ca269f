import sharp from 'sharp';
import { median } from '../../domain/median.js';
import type { Region } from '../../domain/result.js';
import { openImage } from '../../imaging/open.js';
import type { TamperSign } from './types.js';

/** Error-level analysis of a JPEG, localised to field regions. Re-saving a JPEG changes little
 * where it was already compressed at that quality; pixels pasted in later (or compressed a
 * different number of times) change more. Each field's error is taken relative to its own
 * contrast, since sharp text errs more than flat paper, then compared with the other fields.
 * The map is made where the untrusted JPEG is decoded (the intake sandbox); the figures are read
 * from that map and the sandbox's page image, so nothing here decodes the original. */

export const ELA_QUALITY = 90;
/** A field this many times the median of the others stands out: a key field pasted from a q50 or
 * q85 copy of a generated card reaches 2.0–2.7×, the genuine card's fields at most 1.25×
 * (tamper.test.ts). */
export const ELA_OUTLIER_RATIO = 2.2;
const MIN_FIELDS = 4;
/** An outlying key field flags the document alone. Other fields are weak signs: on genuine photos
 * and scans (SROIE receipts, generated receipt photos) a subtotal, a tax line or a bold shop name
 * re-compresses 2.3–4.3× the median, as much as a key field pasted from a q50 or q85 copy does on
 * a clean card (2.0–2.7×), so two or three of them no longer flag a document by themselves
 * (three: 0.49 < SUSPECT_AT); four, or one with a key field, still do. */
const KEY_FIELD_WEIGHT = 0.55;
const OTHER_FIELD_WEIGHT = 0.2;
/** The fields' median error level, in grey levels per pixel, below which a re-save changed next
 * to nothing: the map's whole-level steps are then a few scattered pixels per field, and their
 * ratios compare rounding noise (generated receipt photos: medians 0.005–0.02, a date or tax line
 * "3×" on 0.05; the genuine q70 card whose pasted number is found: 0.12). */
const NOISE_FLOOR = 0.05;

export interface FieldBox {
  key: string;
  region: Region;
}

export interface ElaFigures {
  /** Each field's error level relative to its contrast. */
  perField: Record<string, number>;
  median: number;
  /** The median of the fields' error levels themselves, in grey levels per pixel. */
  medianError: number;
}

function boxMean(diff: Buffer, orig: Buffer, width: number, height: number, box: Region['box']): { err: number; contrast: number } | null {
  const x0 = Math.max(0, Math.floor(box[0] * width));
  const y0 = Math.max(0, Math.floor(box[1] * height));
  const x1 = Math.min(width, Math.ceil(box[2] * width));
  const y1 = Math.min(height, Math.ceil(box[3] * height));
  const n = (x1 - x0) * (y1 - y0);
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  let err = 0;
  let sum = 0;
  let sq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      err += diff[i]!;
      sum += orig[i]!;
      sq += orig[i]! * orig[i]!;
    }
  }
  const mean = sum / n;
  return { err: err / n, contrast: Math.sqrt(Math.max(0, sq / n - mean * mean)) };
}

/** Rows re-saved at a time: a multiple of the JPEG block (16 with 4:2:0), so each strip keeps the whole
 * image's block grid and the map is the same as re-saving the image at once, while a 100 MP
 * photo never holds more than its greyscale copy and one strip in memory. */
const STRIP_ROWS = 512;

/** The error-level map of a JPEG: per pixel, how much it changes when re-saved at ELA_QUALITY,
 * scaled (by area, which keeps a region's mean) to the page image's size. A greyscale PNG. */
export async function errorLevelMap(jpeg: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const { data, info } = await openImage(jpeg, { sequentialRead: true }).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  for (let top = 0; top < height; top += STRIP_ROWS) {
    const rows = Math.min(STRIP_ROWS, height - top);
    const strip = data.subarray(top * width, (top + rows) * width);
    const raw = { raw: { width, height: rows, channels: 1 as const } };
    const resaved = await sharp(strip, raw).jpeg({ quality: ELA_QUALITY }).toBuffer();
    const again = await openImage(resaved).greyscale().raw().toBuffer();
    // libvips' difference blend (its rounding is what ELA_OUTLIER_RATIO was calibrated on). The
    // strip becomes its own difference: the original pixels are not needed afterwards.
    const diff = await sharp(strip, raw)
      .composite([{ input: again, ...raw, blend: 'difference' }])
      .greyscale()
      .raw()
      .toBuffer();
    diff.copy(strip);
  }
  const map = sharp(data, { raw: { width, height, channels: 1 } });
  if (width !== size.width || height !== size.height) map.resize(size.width, size.height, { fit: 'fill', kernel: 'linear' });
  return map.png({ compressionLevel: 1 }).toBuffer();
}

async function greyRaw(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await openImage(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Per-field error level relative to contrast, from the page image and its error-level map;
 * only the field boxes are scanned in JavaScript. */
export async function elaFigures(pagePng: Buffer, mapPng: Buffer, boxes: FieldBox[]): Promise<ElaFigures | null> {
  const [page, map] = await Promise.all([greyRaw(pagePng), greyRaw(mapPng)]);
  if (page.width !== map.width || page.height !== map.height) return null;
  const perField: Record<string, number> = {};
  const errors: number[] = [];
  for (const b of boxes) {
    const m = boxMean(map.data, page.data, page.width, page.height, b.region.box);
    if (!m || m.contrast <= 4) continue;
    perField[b.key] = Math.round((m.err / m.contrast) * 10_000) / 10_000;
    errors.push(m.err);
  }
  return { perField, median: median(Object.values(perField)), medianError: median(errors) };
}

export async function elaSigns(pagePng: Buffer, mapPng: Buffer, boxes: FieldBox[], keyFields: ReadonlySet<string>): Promise<TamperSign[]> {
  const figures = await elaFigures(pagePng, mapPng, boxes);
  if (!figures || Object.keys(figures.perField).length < MIN_FIELDS || figures.median <= 0 || figures.medianError < NOISE_FLOOR) return [];
  const signs: TamperSign[] = [];
  for (const [key, level] of Object.entries(figures.perField)) {
    const ratio = level / figures.median;
    if (ratio < ELA_OUTLIER_RATIO) continue;
    signs.push({
      kind: 'jpeg_ela',
      weight: keyFields.has(key) ? KEY_FIELD_WEIGHT : OTHER_FIELD_WEIGHT,
      detail: `Error-level analysis: ${key} re-compresses ${ratio.toFixed(1)}× as much as the other fields, as pasted or re-compressed pixels do.`,
      fields: [key],
    });
  }
  return signs;
}
