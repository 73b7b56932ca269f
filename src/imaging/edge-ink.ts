import type { Grey } from './accent-marks.js';

/** Whether a line's read text stops short of its ink: letter strokes beside the box on the box's own
 * rows, fainter than the readers could see. A faded first or last letter on a thermal slip ("HREE
 * STOOGES" printed THREE) is dropped by every engine alike, so their agreement proves nothing about
 * the letters they did not see.
 *
 * Looks into a strip one and a half line heights wide on each side, a small gap off the box (a
 * reader's box may sit tight on its first letter). Each column is judged against its own paper: the
 * dimmer of its means over the blank a little over and under the line, as a shadow's or the slip's
 * edge that runs aslant is dimmer on one side of the line than on it. Ink is a letter's stem (stemIn)
 * or a faded letter whole (faintLetterIn). Measured so, a shadow's gradient or band
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
  // how dark the letters read are: a letter both readers dropped is fainter than they
  const readPeak = columnsDarkness(img, Math.max(0, x0), Math.min(img.width, x1), y0, y1).darkness.reduce((a, b) => Math.max(a, b), 0);
  return {
    left: inkIn({ img, from: x0 - reach, to: x0 - gap, y0, y1, outward: -1, readPeak }),
    right: inkIn({ img, from: x1 + gap, to: x1 + reach, y0, y1, outward: 1, readPeak }),
  };
}

/** How much darker than its own paper a column holding a faded stroke is (grey levels, 0–255). */
const STROKE_CONTRAST = 12;

/** A strip beside the line, from `from` to `to`; `outward`: the side away from the read text (-1
 * left, 1 right). A faded letter has paper beyond it. */
interface Strip {
  img: Grey;
  from: number;
  to: number;
  y0: number;
  y1: number;
  outward: -1 | 1;
  readPeak: number;
}

/** Letters a faded word beside the line may hold: the paper beyond it is looked for past them. */
const MAX_FADED_LETTERS = 6;

/** The strip's columns judged against their own paper, a stroke's width past it towards the read
 * text, and outward as far as a faded word of MAX_FADED_LETTERS letters may reach. */
function measured(strip: Strip) {
  const { img, from, to, y0, y1, outward } = strip;
  const h = y1 - y0;
  const side = Math.max(2, Math.round(0.2 * h));
  const further = Math.round(MAX_FADED_LETTERS * 1.1 * h);
  const lo = Math.max(0, from - (outward < 0 ? further : side));
  const hi = Math.min(img.width, to + (outward > 0 ? further : side));
  const rows = [Math.max(0, y0), Math.min(img.height, y1)] as const;
  return { ...strip, h, side, lo, hi, rows, ...columnsDarkness(img, lo, hi, y0, y1) };
}
type Measured = ReturnType<typeof measured>;

function inkIn(strip: Strip): boolean {
  const { img, from, to, y0, y1 } = strip;
  if (Math.min(img.height, y1) - Math.max(0, y0) < 6 || Math.min(img.width, to) - Math.max(0, from) < 2) return false;
  const m = measured(strip);
  return stemIn(m) || faintLetterIn(m);
}

/** How much darker each column from lo to hi is over the line's rows than its own paper, the
 * dimmer of its blank a little over and under the line (`paperOf`), both from lo. */
function columnsDarkness(img: Grey, lo: number, hi: number, y0: number, y1: number) {
  const h = y1 - y0;
  const rows = [Math.max(0, y0), Math.min(img.height, y1)] as const;
  const over = [y0 - 0.6 * h, y0 - 0.2 * h] as const;
  const under = [y1 + 0.2 * h, y1 + 0.6 * h] as const;
  const darkness = new Float64Array(Math.max(0, hi - lo));
  const paperOf = new Float64Array(Math.max(0, hi - lo));
  for (let x = lo; x < hi; x++) {
    const own = [columnMean(img, x, over), columnMean(img, x, under)].filter(Number.isFinite);
    // a line at the image's top and bottom has no blank to judge by: the line's brightest row then
    paperOf[x - lo] = own.length ? Math.min(...own) : brightestRow(img, x, rows);
    darkness[x - lo] = paperOf[x - lo]! - columnMean(img, x, rows);
  }
  return { darkness, paperOf };
}

/** A letter's stem: a column darker than its paper by STROKE_CONTRAST, and by as much more than
 * the columns a stroke's width either side, dark down a third of the line's height, paper beyond. */
function stemIn({ img, from, to, outward, h, side, lo, rows, darkness, paperOf }: Measured): boolean {
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

/** How much darker than its own paper each column of a faded letter's body is (LETTER_INKED), and
 * its darkest column (LETTER_CONTRAST), in grey levels, at the least: a
 * letter with bars or bowls (B, E, P) faded to a shade of its line is dark across its whole width,
 * so no stem of it stands out from the columns beside it as a stem's test asks. */
const LETTER_INKED = 4;
const LETTER_CONTRAST = 6;
/** A letter both readers dropped is fainter than the letters they read, as a fraction of their
 * darkest column: a mark as dark as the print (an emblem beside the name) is no faded letter. */
const FAINTER = 0.75;

/** A faded letter whole: a run of columns darker than their paper, as wide as a letter (a quarter
 * to one line height, measured inside the strip: the gap off the box may hold the read text's own
 * faint edge), dark down half the line's height somewhere, fainter than the letters read, with
 * paper beyond it on the side away from the read text, or beyond the faded letters that follow it
 * a gap of under half a line height apart ("ACY" of "GREENFIELD PHARMACY", read "PHARM"). A
 * background beyond the slip or its seam has no paper beyond; a rule or a speck is not tall; a
 * band of shadow is as dark over and under the line, so no darker than its own paper. */
function faintLetterIn({ img, from, to, outward, readPeak, h, side, lo, hi, rows, darkness, paperOf }: Measured): boolean {
  const inked = (x: number) => x >= lo && x < hi && darkness[x - lo]! > LETTER_INKED;
  // a faded letter's stem and bowl may part by a paler column or two
  const bridge = Math.max(1, Math.round(0.1 * h));
  const inkedNear = (x: number, step: -1 | 1) => Array.from({ length: bridge + 1 }, (_, i) => x + step * i).some(inked);
  const letterWide = (run: readonly [number, number]) => run[1] - run[0] >= 0.25 * h && run[1] - run[0] <= 1.1 * h;
  /** The run of inked columns from x outward (x its first column on the read text's side). */
  const runFrom = (x: number): [number, number] => {
    let [start, end] = [x, x + 1];
    if (outward > 0) while (inkedNear(end, 1)) end++;
    else while (inkedNear(start - 1, -1)) start--;
    return [start, end];
  };
  const inside = (x: number) => x >= Math.max(lo, side) && x < Math.min(hi, img.width - side);
  for (let x = Math.max(side, from); x < Math.min(img.width - side, to); x++) {
    if (!inked(x)) continue;
    let [start, end] = [x, x + 1];
    while (inkedNear(start - 1, -1) && (outward < 0 || start > from)) start--;
    while (inkedNear(end, 1) && (outward > 0 || end < to)) end++;
    x = end;
    if (!letterWide([start, end])) continue;
    let peak = 0;
    let tall = 0;
    for (let c = start; c < end; c++) {
      peak = Math.max(peak, darkness[c - lo]!);
      tall = Math.max(tall, longestRun(img, c, rows, paperOf[c - lo]! - LETTER_CONTRAST));
    }
    if (peak < LETTER_CONTRAST || peak >= FAINTER * readPeak || tall < h / 2) continue;
    // paper beyond, a stroke's width of it, inside what was measured and off the image's border;
    // or the next faded letter of the word, letter wide and no darker, and paper beyond the word
    let last: [number, number] = [start, end];
    for (let letters = 1; letters <= MAX_FADED_LETTERS; letters++) {
      const beyond = outward < 0 ? last[0] - side : last[1];
      if (!inside(beyond) || !inside(beyond + side - 1)) break;
      if (!Array.from({ length: side }, (_, i) => beyond + i).some(inked)) return true;
      const gap = Math.round(0.5 * h);
      const next = Array.from({ length: gap }, (_, i) => (outward > 0 ? last[1] + i : last[0] - 1 - i)).find(inked);
      if (next === undefined) break;
      const run = runFrom(next);
      const darkest = Math.max(...Array.from({ length: run[1] - run[0] }, (_, i) => darkness[run[0] + i - lo] ?? 0));
      if (!letterWide(run) || darkest >= FAINTER * readPeak) break;
      last = run;
    }
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
