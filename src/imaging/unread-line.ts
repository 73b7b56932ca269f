import type { Grey } from './accent-marks.js';

type PixelBox = readonly [number, number, number, number];

/** How much darker than the paper beside it a pixel of print is (grey levels, 0–255). */
const PRINT_CONTRAST = 24;
/** The share of a row's pixels that are print where a line of letters crosses it. */
const LETTER_ROW_SHARE = 0.04;

/** The rows [top, bottom) of a line of print standing between a read line and the next read line
 * under it, which no reader read, or null: a thermal slip's line faded under a shadow is dropped by the page read, and the
 * lines around it still read cleanly ("PAPELERÍA" read, "PAPELERÍA CENTRAL" under it lost).
 *
 * `line` and `next` are the read lines' boxes in pixels; the lower of their heights is the line
 * height (a big shop name's box is taller than the print under it). Between them, a little off
 * each, every row is split into pieces two line heights wide; a pixel
 * is print where it is darker by PRINT_CONTRAST than its piece's paper (its 80th percentile), so a
 * shadow's gradient, which moves slowly, is paper. A row is crossed by letters where a share
 * LETTER_ROW_SHARE of its pixels are print, and a line is such rows down 0.35 of the line height
 * or more: a hairline rule is a row or two, a speck crosses too few pixels. */
export function unreadRowsBetween(img: Grey, line: PixelBox, next: PixelBox): [number, number] | null {
  const h = Math.min(line[3] - line[1], next[3] - next[1]);
  if (h < 6) return null;
  const top = Math.max(0, Math.round(line[3] + 0.2 * h));
  const bottom = Math.min(img.height, Math.round(next[1] - 0.2 * h));
  if (bottom - top < 0.5 * h) return null;
  // Across both lines: a centred slip's lost line may be wider than either.
  const x0 = Math.max(0, Math.round(Math.min(line[0], next[0])));
  const x1 = Math.min(img.width, Math.round(Math.max(line[2], next[2])));
  const piece = Math.max(8, Math.round(2 * h));
  if (x1 - x0 < piece) return null;
  const needed = 0.35 * h;
  let run = 0;
  for (let y = top; y < bottom; y++) {
    const letters = printShare(img, y, x0, x1, piece) >= LETTER_ROW_SHARE;
    if (letters) run++;
    else if (run >= needed) return [y - run, y];
    else run = 0;
  }
  return run >= needed ? [bottom - run, bottom] : null;
}

/** The rows [top, bottom) of a line of print standing right over a read line, which no reader
 * read, or null: a shop's name set
 * over two lines lost its first ("Frutas Hermanos" over "Ruiz") when the page read dropped it, and
 * the cross-read, looking only where the page read found the name, agreed on the half it was shown.
 *
 * `line` is the read line's box in pixels and `prev` the read line over it, if any. Over the line,
 * within its own width (a centred or left-set line over it crosses that width too), rows crossed
 * by letters are looked for from a little over the line up to `prev`: a line is a run of them that
 * begins within REACH_ABOVE of the line's height over it, is 0.35 to MAX_LINE_ABOVE of that height
 * tall, and has paper over it, clear of faint print too. A graphic logo over the name is set apart
 * by its height (a few lines' worth) or stands further off; a rule is too thin. Print counts where
 * it is half as dark as the read line's own ink, or darker. */
export function unreadRowsAbove(img: Grey, line: PixelBox, prev: PixelBox | null): [number, number] | null {
  const h = line[3] - line[1];
  if (h < 6) return null;
  const bottom = Math.round(line[1] - 0.1 * h);
  const top = Math.max(0, Math.round(line[1] - 3 * h), prev ? Math.round(prev[3] + 0.2 * h) : 0);
  const piece = Math.max(8, Math.round(2 * h));
  const mid = (line[0] + line[2]) / 2;
  const half = Math.max((line[2] - line[0]) / 2, piece / 2);
  const x0 = Math.max(0, Math.round(mid - half));
  const x1 = Math.min(img.width, Math.round(mid + half));
  if (bottom - top < 0.5 * h || x1 - x0 < piece) return null;
  // Print as dark as half the read line's own: a name's lines are printed alike, and the edge of a
  // glare band across a photographed slip is darker than the paper in it by more than PRINT_CONTRAST.
  const contrast = Math.max(PRINT_CONTRAST, 0.5 * inkContrast(img, line));
  let runBottom = -1;
  for (let y = bottom; y >= top; y--) {
    const letters = printShare(img, y, x0, x1, piece, contrast) >= LETTER_ROW_SHARE;
    if (runBottom < 0) {
      if (letters) runBottom = y;
      else if (bottom - y > REACH_ABOVE * h) return null;
    } else if (!letters) {
      const tall = runBottom - y;
      const apart = tall >= 0.35 * h && tall <= MAX_LINE_ABOVE * h && paperFrom(img, y, Math.max(top, Math.round(y - 0.3 * h)), x0, x1, piece);
      return apart ? [y + 1, runBottom + 1] : null;
    }
  }
  // The run reached the read line over it, or the band's top: no line standing apart.
  return null;
}

/** Whether the rows from y up to `upTo` are paper even to faint print: over a line stands the
 * space between lines, where the white letters across a dark logo leave rows only fainter. */
function paperFrom(img: Grey, y: number, upTo: number, x0: number, x1: number, piece: number): boolean {
  let sum = 0;
  let rows = 0;
  for (let r = y; r >= upTo; r--, rows++) sum += printShare(img, r, x0, x1, piece);
  return rows > 0 && sum / rows < LETTER_ROW_SHARE / 2;
}

/** How far over a read line, in its heights, the next line of a name set over two lines begins. */
const REACH_ABOVE = 0.8;
/** How tall a line of print over a read line may be, in that line's heights: a name's first line
 * is set alike, a graphic logo is two or more lines tall. */
const MAX_LINE_ABOVE = 1.5;

/** How much darker than its paper a read line's ink is: its box's darkest pixels (5th percentile)
 * against its paper (80th; a bold line's ink covers less than a fifth of its box). */
function inkContrast(img: Grey, box: PixelBox): number {
  const [x0, y0] = [Math.max(0, Math.round(box[0])), Math.max(0, Math.round(box[1]))];
  const [x1, y1] = [Math.min(img.width, Math.round(box[2])), Math.min(img.height, Math.round(box[3]))];
  if (x1 <= x0 || y1 <= y0) return 0;
  const pixels = new Uint8Array((x1 - x0) * (y1 - y0));
  for (let y = y0; y < y1; y++) pixels.set(img.data.subarray(y * img.width + x0, y * img.width + x1), (y - y0) * (x1 - x0));
  return percentile(pixels, 0.8) - percentile(pixels, 0.05);
}

function printShare(img: Grey, y: number, x0: number, x1: number, piece: number, contrast = PRINT_CONTRAST): number {
  let print = 0;
  const row = img.data.subarray(y * img.width + x0, y * img.width + x1);
  for (let a = 0; a < row.length; a += piece) {
    const part = row.subarray(a, Math.min(row.length, a + piece));
    const paper = percentile(part, 0.8);
    for (const v of part) if (v < paper - contrast) print++;
  }
  return print / row.length;
}

function percentile(values: Uint8Array, q: number): number {
  const sorted = Uint8Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
