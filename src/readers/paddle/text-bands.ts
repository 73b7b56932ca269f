import { inkColumns, inkTone, interiorGaps, type GreyImage, type Rect } from './words.js';

/** Finds the text lines of a small crop from its pixels alone: runs of inked rows separated by
 * blank rows. A clean crop around a value on a scan is one or a few such bands, and each band can
 * go straight to the line recogniser without running the text detector over it. Crops that are
 * not clean (a photo's background pattern, skewed lines whose rows never clear) return null, and
 * the caller falls back to detection. */

/** Rows with fewer inked pixels than this share of the rectangle's width count as blank: scan
 * speckle must not join two lines. */
const BLANK_ROW_SHARE = 0.004;
/** Blank runs shorter than this (in pixels) do not separate lines: a gap inside one line between
 * an accent or an i's dot and its letter. */
const MIN_SEPARATION_PX = 2;
/** Bands shorter than this are specks, rules or a neighbour's descenders, not a line of text. */
const MIN_BAND_PX = 6;
/** A band taller than this many times the shortest whole band holds more than one line. */
const MAX_BAND_RATIO = 1.7;
/** Ink from top to bottom of the crop over this share of its height is not a clean crop. */
const MAX_FILLED_SHARE = 0.9;
/** A rectangle whose ink takes more than this share of its pixels is a picture, not text. */
const MAX_INK_SHARE = 0.45;

/** Rows [start, end) of the rectangle. */
interface RowRun {
  start: number;
  end: number;
}

export interface TextBand {
  /** Rows and columns of the ink, x1/y1 exclusive, in image pixels. */
  rect: Rect;
  /** Whether the band touches the top or bottom of the searched rectangle (a neighbour line cut by the crop). */
  clipped: boolean;
  /** Mean grey level of the rectangle's background, to pad the band with. */
  paper: number;
  /** The rectangle's ink test. A band cut tight around bold print can hold more ink than paper,
   * and its own tone would then take the paper for the ink (a B's stem for a blank). */
  isInk: (v: number) => boolean;
}

/** The text bands of `rect`, top to bottom, or null when the rectangle is not clean enough to
 * trust its row profile. An empty array means no ink at all. */
export function findTextBands(img: GreyImage, rect: Rect): TextBand[] | null {
  const width = rect.x1 - rect.x0;
  const height = rect.y1 - rect.y0;
  if (width <= 0 || height <= 0) return [];
  const tone = inkTone(img, rect);
  if (!tone) return [];
  if (tone.inkShare > MAX_INK_SHARE) return null;
  const { isInk, paper } = tone;
  const counts = rowInk(img, rect, isInk);
  const minInk = Math.max(1, Math.ceil(width * BLANK_ROW_SHARE));
  const runs: RowRun[] = [];
  for (let y = 0; y < height; y++) {
    if (counts[y]! < minInk) continue;
    const last = runs.at(-1);
    if (last && y - last.end < MIN_SEPARATION_PX) last.end = y + 1;
    else runs.push({ start: y, end: y + 1 });
  }
  const bands = runs.filter((r) => r.end - r.start >= MIN_BAND_PX);
  growOverSparseRows(counts, bands);
  if (bands.length === 0) return [];
  const filled = bands.reduce((sum, b) => sum + (b.end - b.start), 0);
  if (filled > MAX_FILLED_SHARE * height) return null;
  const whole = bands.filter((b) => b.start > 0 && b.end < height);
  const shortest = Math.min(...(whole.length ? whole : bands).map((b) => b.end - b.start));
  if (whole.some((b) => b.end - b.start > MAX_BAND_RATIO * shortest || hasWaist(counts, b))) return null;
  const found = bands.map((b) => {
    const y0 = rect.y0 + b.start;
    const y1 = rect.y0 + b.end;
    // Every band holds ink, so its columns have an extent.
    const ink = interiorGaps(inkColumns(img, { x0: rect.x0, y0, x1: rect.x1, y1 }, isInk)).ink!;
    return { rect: { x0: rect.x0 + ink.start, y0, x1: rect.x0 + ink.end, y1 }, clipped: b.start === 0 || b.end === height, paper, isInk };
  });
  if (found.some((b) => !b.clipped && isSlanted(img, b.rect, isInk))) return null;
  return found;
}

function rowInk(img: GreyImage, rect: Rect, isInk: (v: number) => boolean): number[] {
  const counts: number[] = [];
  for (let y = rect.y0; y < rect.y1; y++) {
    const row = y * img.width;
    let count = 0;
    for (let x = rect.x0; x < rect.x1; x++) if (isInk(img.data[row + x]!)) count++;
    counts.push(count);
  }
  return counts;
}

/** Descenders and accents ink too few pixels to pass the blank-row test; a band takes in the
 * rows above and below it that hold any ink, up to half its height and never into a neighbour. */
function growOverSparseRows(counts: number[], bands: RowRun[]): void {
  bands.forEach((band, i) => {
    const reach = Math.ceil((band.end - band.start) / 2);
    const floor = Math.max(i > 0 ? bands[i - 1]!.end : 0, band.start - reach);
    const ceiling = Math.min(i + 1 < bands.length ? bands[i + 1]!.start : counts.length, band.end + reach);
    while (band.start > floor && counts[band.start - 1]! > 0) band.start--;
    while (band.end < ceiling && counts[band.end]! > 0) band.end++;
  });
}

/** Two lines set too tightly for a blank row between them still leave a thin waist of ink
 * between them; the middle of one line is its densest part. */
const WAIST_SHARE = 0.15;
function hasWaist(counts: number[], band: RowRun): boolean {
  const size = band.end - band.start;
  const peak = Math.max(...counts.slice(band.start, band.end));
  const middle = counts.slice(band.start + Math.floor(size * 0.35), band.start + Math.ceil(size * 0.65));
  return middle.length > 0 && Math.min(...middle) < WAIST_SHARE * peak;
}

/** A line photographed at a slant rises or falls across the band; read straight, its rows mix
 * with a neighbour's. The detector's rotated boxes handle it. */
const MAX_SLANT = 0.2;
function isSlanted(img: GreyImage, band: Rect, isInk: (v: number) => boolean): boolean {
  const third = Math.floor((band.x1 - band.x0) / 3);
  if (third < band.y1 - band.y0) return false;
  const centre = (x0: number, x1: number): number | null => {
    let sum = 0;
    let n = 0;
    for (let y = band.y0; y < band.y1; y++) {
      const row = y * img.width;
      for (let x = x0; x < x1; x++) {
        if (isInk(img.data[row + x]!)) {
          sum += y;
          n++;
        }
      }
    }
    return n ? sum / n : null;
  };
  const left = centre(band.x0, band.x0 + third);
  const right = centre(band.x1 - third, band.x1);
  return left !== null && right !== null && Math.abs(left - right) > MAX_SLANT * (band.y1 - band.y0);
}
