import type { GreyImage, Rect } from '../paddle/words.js';
import { cellInput, rowTones, type Tones } from './cell.js';
import { OCRB_CLASSES, classify, glyphModel, type GlyphModel } from './model.js';

/** Reads the rows of a straightened MRZ crop cell by cell. OCR-B in an MRZ is printed at a fixed
 * pitch, so a row of known length is its ink extent cut into that many cells: the pitch and first
 * centre are fitted to the row's column ink profile (cell boundaries fall where the ink is
 * thinnest), each boundary is then moved to the thinnest column near it (a photo's perspective
 * stretches the pitch along the line), and every cell goes to the glyph classifier. What the
 * characters must be (formats, classes, check digits) is the caller's to decide from the
 * per-cell probabilities: the reader knows glyphs, not ICAO 9303. */

export interface OcrbRowCells {
  length: number;
  /** length × OCRB_CLASSES.length probabilities, cell by cell. */
  probs: Float32Array;
  /** Each cell's centre, crop pixels. */
  centres: number[];
  pitch: number;
}

/** Ink glyphs take this share of their cell's width (OCR-B: 51 of 72 units). */
const INK_SHARE = 0.705;
/** The fitted pitch may differ this much from the extent's own estimate. */
const PITCH_RANGE = 0.04;
/** A boundary moves at most this share of the pitch towards thinner ink. */
const LOCAL_SHIFT = 0.18;

/** Per column of the row, its ink: the summed darkness of the column's pixels. */
function columnInk(img: GreyImage, row: Rect, tones: Tones): Float32Array {
  const out = new Float32Array(img.width);
  const range = Math.max(16, tones.paper - tones.ink);
  for (let y = row.y0; y < row.y1; y++) {
    const base = y * img.width;
    for (let x = 0; x < img.width; x++) {
      const d = (tones.paper - img.data[base + x]!) / range;
      if (d > 0.25) out[x]! += Math.min(1, d);
    }
  }
  return out;
}

const at = (p: Float32Array, x: number): number => {
  const i = Math.floor(x);
  if (i < 0 || i + 1 >= p.length) return 0;
  return p[i]! + (p[i + 1]! - p[i]!) * (x - i);
};

/** The first and last columns of the row's text: ink columns, ignoring specks apart from it. */
function inkExtent(ink: Float32Array, row: Rect): [number, number] | null {
  const height = row.y1 - row.y0;
  const min = Math.max(1, height * 0.08);
  const cols: number[] = [];
  for (let x = row.x0; x < row.x1; x++) if (ink[x]! >= min) cols.push(x);
  if (cols.length === 0) return null;
  // a gap of more than two letter heights cuts off what lies beyond (an edge, a stray mark)
  const gap = height * 2;
  const runs: Array<[number, number, number]> = [];
  for (const x of cols) {
    const last = runs.at(-1);
    if (last && x - last[1] <= gap) (last[1] = x), last[2]++;
    else runs.push([x, x, 1]);
  }
  const main = runs.reduce((a, b) => (b[2] > a[2] ? b : a));
  return [main[0], main[1] + 1];
}

/** Cell centres for `length` cells over the extent: the global fit, then each boundary locally. */
function fitCells(ink: Float32Array, extent: [number, number], length: number): { centres: number[]; pitch: number } {
  const [first, last] = extent;
  const p0 = (last - first) / (length - 1 + INK_SHARE);
  const c0 = first + (INK_SHARE * p0) / 2;
  let best = { cost: Infinity, pitch: p0, start: c0 };
  for (let dp = -PITCH_RANGE; dp <= PITCH_RANGE + 1e-9; dp += 0.0025) {
    const pitch = p0 * (1 + dp);
    for (let ds = -0.25; ds <= 0.25 + 1e-9; ds += 0.025) {
      const start = c0 + ds * p0;
      let cost = 0;
      for (let k = 0; k < length - 1; k++) cost += at(ink, start + (k + 0.5) * pitch);
      if (cost < best.cost) best = { cost, pitch, start };
    }
  }
  const { pitch, start } = best;
  const bounds: number[] = [];
  const reach = LOCAL_SHIFT * pitch;
  for (let k = 0; k < length - 1; k++) {
    const b = start + (k + 0.5) * pitch;
    // the thinnest column near the boundary, taking the boundary's own place on a tie
    let where = b;
    let least = at(ink, b);
    for (let x = Math.ceil(b - reach); x <= b + reach; x++) {
      const v = ink[x] ?? 0;
      if (v < least - 1e-6 || (v === least && Math.abs(x - b) < Math.abs(where - b))) [where, least] = [x, v];
    }
    bounds.push(where);
  }
  const centres = Array.from({ length }, (_, k) => {
    const left = k === 0 ? bounds[0]! - pitch : bounds[k - 1]!;
    const right = k === length - 1 ? bounds[k - 1]! + pitch : bounds[k]!;
    // a boundary moved the wrong way must not squeeze or stretch a cell past a fifth of the pitch
    const mid = (left + right) / 2;
    const nominal = start + k * pitch;
    return Math.abs(mid - nominal) <= 0.2 * pitch ? mid : nominal;
  });
  return { centres, pitch };
}

/** The row read as `length` cells; null where the row holds no ink. */
export function readRowCells(img: GreyImage, row: Rect, length: number, model: GlyphModel = glyphModel()): OcrbRowCells | null {
  const tones = rowTones(img, row.x0, row.y0, row.x1, row.y1);
  const ink = columnInk(img, row, tones);
  const extent = inkExtent(ink, row);
  if (!extent || extent[1] - extent[0] < length * 2) return null;
  const { centres, pitch } = fitCells(ink, extent, length);
  const classes = OCRB_CLASSES.length;
  const probs = new Float32Array(length * classes);
  const cell = new Float32Array(model.layers[0]!.inputs);
  centres.forEach((cx, k) => {
    cellInput(img, cx, row.y0, row.y1, pitch, tones, cell);
    probs.set(classify(model, cell), k * classes);
  });
  return { length, probs, centres, pitch };
}

/** The MRZ line lengths a count of rows allows (3 rows: 30; 2 rows: 44 or 36), likeliest first. */
export function mrzLineLengths(rows: number): number[] {
  return rows === 3 ? [30] : rows === 2 ? [44, 36] : [];
}

/** The rows' cells for each MRZ line length their count allows. */
export function readMrzCells(img: GreyImage, rows: readonly Rect[], model: GlyphModel = glyphModel()): Array<{ length: number; rows: OcrbRowCells[] }> {
  return mrzLineLengths(rows.length).flatMap((length) => {
    const cells = readRowsAs(img, rows, length, model);
    return cells ? [{ length, rows: cells }] : [];
  });
}

/** Every row read as `length` cells; null when a row holds too little ink for that many. */
export function readRowsAs(img: GreyImage, rows: readonly Rect[], length: number, model: GlyphModel = glyphModel()): OcrbRowCells[] | null {
  const cells = rows.map((r) => readRowCells(img, r, length, model));
  return cells.every((c): c is OcrbRowCells => c !== null) ? cells : null;
}

/** The best class of every cell, as text. */
export function bestText(row: OcrbRowCells): string {
  const classes = OCRB_CLASSES.length;
  let out = '';
  for (let k = 0; k < row.length; k++) {
    let best = 0;
    for (let c = 1; c < classes; c++) if (row.probs[k * classes + c]! > row.probs[k * classes + best]!) best = c;
    out += OCRB_CLASSES[best];
  }
  return out;
}
