import type { Grey } from './accent-marks.js';

type PixelBox = readonly [number, number, number, number];

/** How much darker than the paper beside it a pixel of print is (grey levels, 0–255). */
const PRINT_CONTRAST = 24;
/** The share of a row's pixels that are print where a line of letters crosses it. */
const LETTER_ROW_SHARE = 0.04;

/** Whether a line of print stands between a read line and the next read line under it, which no
 * reader read: a thermal slip's line faded under a shadow is dropped by the page read, and the
 * lines around it still read cleanly ("PAPELERÍA" read, "PAPELERÍA CENTRAL" under it lost).
 *
 * `line` and `next` are the read lines' boxes in pixels; the lower of their heights is the line
 * height (a big shop name's box is taller than the print under it). Between them, a little off
 * each, every row is split into pieces two line heights wide; a pixel
 * is print where it is darker by PRINT_CONTRAST than its piece's paper (its 80th percentile), so a
 * shadow's gradient, which moves slowly, is paper. A row is crossed by letters where a share
 * LETTER_ROW_SHARE of its pixels are print, and a line is such rows down 0.35 of the line height
 * or more: a hairline rule is a row or two, a speck crosses too few pixels. */
export function unreadLineBetween(img: Grey, line: PixelBox, next: PixelBox): boolean {
  const h = Math.min(line[3] - line[1], next[3] - next[1]);
  if (h < 6) return false;
  const top = Math.max(0, Math.round(line[3] + 0.2 * h));
  const bottom = Math.min(img.height, Math.round(next[1] - 0.2 * h));
  if (bottom - top < 0.5 * h) return false;
  // Across both lines: a centred slip's lost line may be wider than either.
  const x0 = Math.max(0, Math.round(Math.min(line[0], next[0])));
  const x1 = Math.min(img.width, Math.round(Math.max(line[2], next[2])));
  const piece = Math.max(8, Math.round(2 * h));
  if (x1 - x0 < piece) return false;
  const needed = 0.35 * h;
  let run = 0;
  for (let y = top; y < bottom; y++) {
    run = printShare(img, y, x0, x1, piece) >= LETTER_ROW_SHARE ? run + 1 : 0;
    if (run >= needed) return true;
  }
  return false;
}

function printShare(img: Grey, y: number, x0: number, x1: number, piece: number): number {
  let print = 0;
  const row = img.data.subarray(y * img.width + x0, y * img.width + x1);
  for (let a = 0; a < row.length; a += piece) {
    const part = row.subarray(a, Math.min(row.length, a + piece));
    const paper = percentile(part, 0.8);
    for (const v of part) if (v < paper - PRINT_CONTRAST) print++;
  }
  return print / row.length;
}

function percentile(values: Uint8Array, q: number): number {
  const sorted = Uint8Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
