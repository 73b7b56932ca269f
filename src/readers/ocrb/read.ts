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
  /** Pixels the glyphs lean right per pixel down. */
  slant: number;
}

/** Ink glyphs take this share of their cell's width (OCR-B: 51 of 72 units). */
const INK_SHARE = 0.705;
/** The fitted pitch may differ this much from the extent's own estimate. */
const PITCH_RANGE = 0.04;
/** A boundary moves at most this share of the pitch towards thinner ink. */
const LOCAL_SHIFT = 0.18;

/** The row's ink pixels: column, height from the row's middle, darkness. */
interface InkPixels {
  x: Float32Array;
  dy: Float32Array;
  d: Float32Array;
  count: number;
}

function inkPixels(img: GreyImage, row: Rect, tones: Tones): InkPixels {
  const range = Math.max(16, tones.paper - tones.ink);
  const middle = (row.y0 + row.y1) / 2;
  const size = (row.y1 - row.y0) * img.width;
  const out = { x: new Float32Array(size), dy: new Float32Array(size), d: new Float32Array(size), count: 0 };
  for (let y = row.y0; y < row.y1; y++) {
    const base = y * img.width;
    for (let x = 0; x < img.width; x++) {
      const d = (tones.paper - img.data[base + x]!) / range;
      if (d <= 0.25) continue;
      out.x[out.count] = x;
      out.dy[out.count] = y - middle;
      out.d[out.count] = Math.min(1, d);
      out.count++;
    }
  }
  return out;
}

/** Per column of the row, its ink (the summed darkness of the column's pixels), the columns
 * leaning by `slant` pixels right per pixel down. */
function columnInk(ink: InkPixels, width: number, slant: number): Float32Array {
  const out = new Float32Array(width);
  for (let i = 0; i < ink.count; i++) {
    const x = Math.round(ink.x[i]! - ink.dy[i]! * slant);
    if (x >= 0 && x < width) out[x]! += ink.d[i]!;
  }
  return out;
}

/** A photo's perspective slants the glyphs: the slant whose column profile is sharpest (gaps
 * between glyphs clearest), kept at 0 unless another is clearly sharper. */
const MAX_SLANT = 0.4;
const SLANT_STEP = 0.04;
function estimateSlant(ink: InkPixels, width: number): number {
  const sharpness = (slant: number): number => {
    let sum = 0;
    for (const v of columnInk(ink, width, slant)) sum += v * v;
    return sum;
  };
  let best = { slant: 0, score: sharpness(0) * 1.03 };
  for (let s = -MAX_SLANT; s <= MAX_SLANT + 1e-9; s += SLANT_STEP) {
    if (Math.abs(s) < 1e-9) continue;
    const score = sharpness(s);
    if (score > best.score) best = { slant: s, score };
  }
  return Math.round(best.slant * 100) / 100;
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
  // a slant moves the leaning columns up to half a letter height past the row's own extent
  const reach = Math.ceil(height / 2);
  for (let x = Math.max(0, row.x0 - reach); x < Math.min(ink.length, row.x1 + reach); x++) if (ink[x]! >= min) cols.push(x);
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

/** A photo's perspective changes the pitch along a line: by up to this share from end to end. */
const MAX_PITCH_GROWTH = 0.2;

/** Where cell position `u` (0 = the first cell's centre) lies, and the pitch there: `growth`
 * changes the pitch evenly from one end to the other, the ends kept in place. */
function place(start: number, pitch: number, growth: number, length: number, u: number): number {
  const span = Math.max(1, length - 1);
  return start + pitch * (u + (growth * u * (u - span)) / (2 * span));
}
const pitchAt = (pitch: number, growth: number, length: number, u: number): number => {
  const span = Math.max(1, length - 1);
  return pitch * (1 + (growth * (2 * u - span)) / (2 * span));
};

/** Cell centres and widths for `length` cells over the extent: the global fit, then each boundary locally. */
function fitCells(ink: Float32Array, extent: [number, number], length: number): { centres: number[]; pitches: number[]; pitch: number } {
  const [first, last] = extent;
  const p0 = (last - first) / (length - 1 + INK_SHARE);
  const c0 = first + (INK_SHARE * p0) / 2;
  let best = { cost: Infinity, pitch: p0, start: c0, growth: 0 };
  for (let growth = -MAX_PITCH_GROWTH; growth <= MAX_PITCH_GROWTH + 1e-9; growth += 0.05) {
    for (let dp = -PITCH_RANGE; dp <= PITCH_RANGE + 1e-9; dp += 0.0025) {
      const pitch = p0 * (1 + dp);
      for (let ds = -0.25; ds <= 0.25 + 1e-9; ds += 0.025) {
        const start = c0 + ds * p0;
        let cost = 0;
        for (let k = 0; k < length - 1; k++) cost += at(ink, place(start, pitch, growth, length, k + 0.5));
        // an even pitch unless a growing one is clearly better
        if (Math.abs(growth) > 1e-9) cost *= 1.02;
        if (cost < best.cost) best = { cost, pitch, start, growth };
      }
    }
  }
  const { pitch, start, growth } = best;
  const bounds: number[] = [];
  for (let k = 0; k < length - 1; k++) {
    const b = place(start, pitch, growth, length, k + 0.5);
    const reach = LOCAL_SHIFT * pitchAt(pitch, growth, length, k + 0.5);
    // the thinnest column near the boundary, taking the boundary's own place on a tie
    let where = b;
    let least = at(ink, b);
    for (let x = Math.ceil(b - reach); x <= b + reach; x++) {
      const v = ink[x] ?? 0;
      if (v < least - 1e-6 || (v === least && Math.abs(x - b) < Math.abs(where - b))) [where, least] = [x, v];
    }
    bounds.push(where);
  }
  const pitches = Array.from({ length }, (_, k) => pitchAt(pitch, growth, length, k));
  const centres = Array.from({ length }, (_, k) => {
    const left = k === 0 ? bounds[0]! - pitches[k]! : bounds[k - 1]!;
    const right = k === length - 1 ? bounds[k - 1]! + pitches[k]! : bounds[k]!;
    // a boundary moved the wrong way must not squeeze or stretch a cell past a fifth of the pitch
    const mid = (left + right) / 2;
    const nominal = place(start, pitch, growth, length, k);
    return Math.abs(mid - nominal) <= 0.2 * pitches[k]! ? mid : nominal;
  });
  return { centres, pitches, pitch };
}

/** The row read as `length` cells; null where the row holds no ink. */
export function readRowCells(img: GreyImage, row: Rect, length: number, model: GlyphModel = glyphModel()): OcrbRowCells | null {
  const tones = rowTones(img, row.x0, row.y0, row.x1, row.y1);
  const pixels = inkPixels(img, row, tones);
  const slant = estimateSlant(pixels, img.width);
  const ink = columnInk(pixels, img.width, slant);
  const extent = inkExtent(ink, row);
  if (!extent || extent[1] - extent[0] < length * 2) return null;
  const { centres, pitches, pitch } = fitCells(ink, extent, length);
  const classes = OCRB_CLASSES.length;
  const probs = new Float32Array(length * classes);
  const cell = new Float32Array(model.layers[0]!.inputs);
  centres.forEach((cx, k) => {
    cellInput(img, cx, row.y0, row.y1, pitches[k]!, tones, cell, slant);
    probs.set(classify(model, cell), k * classes);
  });
  return { length, probs, centres, pitch, slant };
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
