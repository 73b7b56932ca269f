import { median } from '../domain/median.js';
import type { Grey } from './accent-marks.js';

/** Whether a line's read text stops short of its ink: letter strokes beside the box on the box's own
 * rows, fainter than the readers could see. A faded first or last letter on a thermal slip ("HREE
 * STOOGES" printed THREE) is dropped by every engine alike, so their agreement proves nothing about
 * the letters they did not see.
 *
 * Looks into a strip one and a half line heights wide on each side, a small gap off the box (a
 * reader's box may sit tight on its first letter). A stroke is a column whose mean over the line's
 * rows is darker, by STROKE_CONTRAST, than both the strip's paper (its median column) and the
 * columns a stroke's width either side, and dark down a third of the line's height or more: a
 * narrow dark line across the text, as a letter's stem is. Paper grain, a shadow's gradient or a background are wide and change slowly; a speck
 * of dust or a hairline rule barely moves a column's mean. */
export function inkBesideLine(img: Grey, box: readonly [number, number, number, number]): { left: boolean; right: boolean } {
  const [x0, y0, x1, y1] = [Math.round(box[0]), Math.round(box[1]), Math.round(box[2]), Math.round(box[3])];
  const h = y1 - y0;
  if (h < 6) return { left: false, right: false };
  const gap = Math.max(1, Math.round(0.15 * h));
  const reach = Math.round(1.5 * h);
  return { left: strokeIn(img, x0 - reach, x0 - gap, y0, y1, -1), right: strokeIn(img, x1 + gap, x1 + reach, y0, y1, 1) };
}

/** How much darker than the paper around it a column holding a faded stroke is (grey levels, 0–255). */
const STROKE_CONTRAST = 12;

/** `outward`: the side away from the read text (-1 left, 1 right). A faded letter has paper
 * beyond it, where the seam at a photographed slip's edge has the background behind it. */
function strokeIn(img: Grey, from: number, to: number, y0: number, y1: number, outward: -1 | 1): boolean {
  const h = y1 - y0;
  const side = Math.max(2, Math.round(0.2 * h));
  const lo = Math.max(0, from - side);
  const hi = Math.min(img.width, to + side);
  const rows = [Math.max(0, y0), Math.min(img.height, y1)] as const;
  if (rows[1] - rows[0] < 6 || Math.min(img.width, to) - Math.max(0, from) < 2) return false;
  // mean grey of each column over the line's rows, from lo
  const mean = new Float64Array(hi - lo);
  for (let x = lo; x < hi; x++) {
    let sum = 0;
    for (let y = rows[0]; y < rows[1]; y++) sum += img.data[y * img.width + x]!;
    mean[x - lo] = sum / (rows[1] - rows[0]);
  }
  const paper = median(Array.from(mean.subarray(Math.max(0, from) - lo, Math.min(img.width, to) - lo)));
  // the image's own edge columns are the scanner's border, not print
  for (let x = Math.max(side, from); x < Math.min(img.width - side, to); x++) {
    const m = mean[x - lo]!;
    const around = Math.min(mean[x - side - lo] ?? paper, mean[x + side - lo] ?? paper);
    const beyond = mean[x + outward * side - lo] ?? paper;
    if (
      m < paper - STROKE_CONTRAST &&
      m < around - STROKE_CONTRAST &&
      beyond >= paper - STROKE_CONTRAST &&
      longestRun(img, x, rows, paper - STROKE_CONTRAST) >= h / 3 &&
      !runsThrough(img, x, rows, paper - STROKE_CONTRAST)
    )
      return true;
  }
  return false;
}

/** A column dark in the blank between lines both over and under the line: the edge of the slip, a
 * fold or a frame drawn down the page, where a letter's stroke stays within its line. */
function runsThrough(img: Grey, x: number, [y0, y1]: readonly [number, number], dark: number): boolean {
  const h = y1 - y0;
  const meanOver = (from: number, to: number): number => {
    const [a, b] = [Math.max(0, Math.round(from)), Math.min(img.height, Math.round(to))];
    if (b - a < 2) return Number.POSITIVE_INFINITY;
    let sum = 0;
    for (let y = a; y < b; y++) sum += img.data[y * img.width + x]!;
    return sum / (b - a);
  };
  return meanOver(y0 - 0.6 * h, y0 - 0.2 * h) < dark && meanOver(y1 + 0.2 * h, y1 + 0.6 * h) < dark;
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
