import type { Grey } from './accent-marks.js';

/** Whether a line's read text stops short of its ink: letter strokes beside the box on the box's own
 * rows, fainter than the readers could see. A faded first or last letter on a thermal slip ("HREE
 * STOOGES" printed THREE) is dropped by every engine alike, so their agreement proves nothing about
 * the letters they did not see.
 *
 * Looks into a strip one and a half line heights wide on each side, a small gap off the box (a
 * reader's box may sit tight on its first letter). Each column is judged against its own paper: the
 * dimmer of its means over the blank a little over and under the line, as a shadow's or the slip's
 * edge that runs aslant is dimmer on one side of the line than on it. A stroke is a column whose
 * mean over the line's rows is darker than its own paper by STROKE_CONTRAST, and by as much more than
 * the columns a stroke's width either side are, and dark down a third of the line's height or more:
 * a narrow dark line across the text, as a letter's stem is. Measured so, a shadow's gradient or band
 * over the strip, or a background beyond the slip, is no darker on the line's rows than over and
 * under them, and a letter under it still is; the slip's edge, a fold or a frame drawn down the page
 * is as dark over and under the line as on it; a speck of dust or a hairline rule barely moves a
 * column's mean. */
export function inkBesideLine(img: Grey, box: readonly [number, number, number, number]): { left: boolean; right: boolean } {
  const [x0, y0, x1, y1] = [Math.round(box[0]), Math.round(box[1]), Math.round(box[2]), Math.round(box[3])];
  const h = y1 - y0;
  if (h < 6) return { left: false, right: false };
  const gap = Math.max(1, Math.round(0.15 * h));
  const reach = Math.round(1.5 * h);
  return { left: strokeIn(img, x0 - reach, x0 - gap, y0, y1, -1), right: strokeIn(img, x1 + gap, x1 + reach, y0, y1, 1) };
}

/** How much darker than its own paper a column holding a faded stroke is (grey levels, 0–255). */
const STROKE_CONTRAST = 12;

/** `outward`: the side away from the read text (-1 left, 1 right). A faded letter has paper
 * beyond it. */
function strokeIn(img: Grey, from: number, to: number, y0: number, y1: number, outward: -1 | 1): boolean {
  const h = y1 - y0;
  const side = Math.max(2, Math.round(0.2 * h));
  const lo = Math.max(0, from - side);
  const hi = Math.min(img.width, to + side);
  const rows = [Math.max(0, y0), Math.min(img.height, y1)] as const;
  if (rows[1] - rows[0] < 6 || Math.min(img.width, to) - Math.max(0, from) < 2) return false;
  const over = [y0 - 0.6 * h, y0 - 0.2 * h] as const;
  const under = [y1 + 0.2 * h, y1 + 0.6 * h] as const;
  // how much darker each column is over the line's rows than over the blank beside it, from lo
  const darkness = new Float64Array(hi - lo);
  const paperOf = new Float64Array(hi - lo);
  for (let x = lo; x < hi; x++) {
    const own = [columnMean(img, x, over), columnMean(img, x, under)].filter(Number.isFinite);
    // a line at the image's top and bottom has no blank to judge by: the line's brightest row then
    paperOf[x - lo] = own.length ? Math.min(...own) : brightestRow(img, x, rows);
    darkness[x - lo] = paperOf[x - lo]! - columnMean(img, x, rows);
  }
  // the image's own edge columns are the scanner's border, not print
  for (let x = Math.max(side, from); x < Math.min(img.width - side, to); x++) {
    const d = darkness[x - lo]!;
    const around = Math.max(darkness[x - side - lo] ?? 0, darkness[x + side - lo] ?? 0);
    const beyond = darkness[x + outward * side - lo] ?? 0;
    if (
      d > STROKE_CONTRAST &&
      d > around + STROKE_CONTRAST &&
      beyond <= STROKE_CONTRAST &&
      longestRun(img, x, rows, paperOf[x - lo]! - STROKE_CONTRAST) >= h / 3
    )
      return true;
  }
  return false;
}

/** The mean grey down column x over rows [from, to), or NaN where the rows are off the image. */
function columnMean(img: Grey, x: number, [from, to]: readonly [number, number]): number {
  const [a, b] = [Math.max(0, Math.round(from)), Math.min(img.height, Math.round(to))];
  if (b - a < 2) return Number.NaN;
  let sum = 0;
  for (let y = a; y < b; y++) sum += img.data[y * img.width + x]!;
  return sum / (b - a);
}

function brightestRow(img: Grey, x: number, [y0, y1]: readonly [number, number]): number {
  let top = 0;
  for (let y = y0; y < y1; y++) top = Math.max(top, img.data[y * img.width + x]!);
  return top;
}

/** The longest run of pixels darker than `dark` down a column. */
function longestRun(img: Grey, x: number, [y0, y1]: readonly [number, number], dark: number): number {
  let run = 0;
  let longest = 0;
  for (let y = y0; y < y1; y++) {
    run = img.data[y * img.width + x]! < dark ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
