import sharp from 'sharp';
import type { Region } from '../../domain/result.js';
import type { TamperSign } from './types.js';

/** Error-level analysis of a JPEG, localised to field regions. Re-saving a JPEG changes little
 * where it was already compressed at that quality; pixels pasted in later (or compressed a
 * different number of times) change more. Each field's error is taken relative to its own
 * contrast, since sharp text errs more than flat paper, then compared with the other fields. */

export const ELA_QUALITY = 90;
/** A field this many times the median of the others stands out (calibrated in ela.test.ts and
 * bench/eval/decisions.ts on generated documents, genuine and pasted). */
export const ELA_OUTLIER_RATIO = 2.2;
const MIN_FIELDS = 4;
const MAX_PIXELS = 40e6;

export interface FieldBox {
  key: string;
  region: Region;
}

export interface ElaFigures {
  perField: Record<string, number>;
  median: number;
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

/** Per-field error level relative to contrast; only the field boxes are scanned in JavaScript. */
export async function elaFigures(jpeg: Buffer, boxes: FieldBox[]): Promise<ElaFigures | null> {
  const meta = await sharp(jpeg, { limitInputPixels: MAX_PIXELS }).metadata();
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) return null;
  const orig = await sharp(jpeg, { limitInputPixels: MAX_PIXELS }).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = orig.info;
  const resaved = await sharp(orig.data, { raw: { width, height, channels: 1 } }).jpeg({ quality: ELA_QUALITY }).toBuffer();
  const again = await sharp(resaved).greyscale().raw().toBuffer();
  const diff = await sharp(orig.data, { raw: { width, height, channels: 1 } })
    .composite([{ input: again, raw: { width, height, channels: 1 }, blend: 'difference' }])
    .greyscale()
    .raw()
    .toBuffer();
  const perField: Record<string, number> = {};
  for (const b of boxes) {
    const m = boxMean(diff, orig.data, width, height, b.region.box);
    if (m && m.contrast > 4) perField[b.key] = Math.round((m.err / m.contrast) * 10_000) / 10_000;
  }
  const values = Object.values(perField).sort((a, b) => a - b);
  if (values.length === 0) return { perField, median: 0 };
  return { perField, median: values[Math.floor(values.length / 2)]! };
}

export async function elaSigns(jpeg: Buffer, boxes: FieldBox[], keyFields: ReadonlySet<string>): Promise<TamperSign[]> {
  const figures = await elaFigures(jpeg, boxes);
  if (!figures || Object.keys(figures.perField).length < MIN_FIELDS || figures.median <= 0) return [];
  const signs: TamperSign[] = [];
  for (const [key, level] of Object.entries(figures.perField)) {
    const ratio = level / figures.median;
    if (ratio < ELA_OUTLIER_RATIO) continue;
    signs.push({
      kind: 'jpeg_ela',
      weight: keyFields.has(key) ? 0.55 : 0.3,
      detail: `Error-level analysis: ${key} re-compresses ${ratio.toFixed(1)}× as much as the other fields, as pasted or re-compressed pixels do.`,
      fields: [key],
    });
  }
  return signs;
}
