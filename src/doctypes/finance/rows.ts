import { median } from '../../domain/median.js';
import type { Region } from '../../domain/result.js';
import type { Box, PageText, ReaderOutput, Word } from '../../readers/types.js';

/** The page as a reader saw it, regrouped by position: readers split lines differently (the text
 * layer gives one line per text run, Tesseract may join a label and its value), so every word is
 * placed again into visual rows, and each row into cells separated by wide gaps. */

export interface Cell {
  text: string;
  box: Box;
  words: Word[];
}

export interface Row {
  page: number;
  /** Index of the row on its page, top to bottom. */
  index: number;
  box: Box;
  cells: Cell[];
  text: string;
  /** Typical word height on the row, as a page fraction. */
  height: number;
}

/** Limits on untrusted reader output: enough for five dense pages. */
const MAX_WORDS_PER_PAGE = 4000;
const MAX_PAGES = 5;

export const unionBox = (boxes: Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

export const regionOf = (page: number, boxes: Box[]): Region | null => (boxes.length ? { page, box: unionBox(boxes) } : null);

const heightOf = (b: Box): number => b[3] - b[1];
const centreY = (b: Box): number => (b[1] + b[3]) / 2;

function wordsOf(page: PageText): Word[] {
  const words: Word[] = [];
  for (const line of page.lines) {
    // A reader that gives only line boxes (no words) still yields one word per line.
    const source = line.words.length ? line.words : [{ text: line.text, box: line.box, confidence: line.confidence }];
    for (const w of source) if (w.text.trim()) words.push(...apartFromAmount({ ...w, text: w.text.trim() }));
    if (words.length >= MAX_WORDS_PER_PAGE) break;
  }
  return words.slice(0, MAX_WORDS_PER_PAGE);
}

/** A word run into the amount after it ("TOTAL291.25", "SUBTOTAL279.79"): PaddleOCR sets no gap
 * between words printed close (seed 21750). Two letters or more, then an amount with its two
 * decimals; a size or a code ("A4", "1,5L") has no such amount. */
const RUN_INTO_AMOUNT = /^(\p{L}[\p{L}.:]*\p{L}[.:]?)(-?\d+(?:[.,]\d{3})*[.,]\d{2})$/u;

/** The word as its letters and its amount, each with the share of the box its characters take. */
function apartFromAmount(w: Word): Word[] {
  const m = RUN_INTO_AMOUNT.exec(w.text);
  if (!m) return [w];
  const [x0, y0, x1, y1] = w.box;
  const x = x0 + ((x1 - x0) * m[1]!.length) / w.text.length;
  return [
    { ...w, text: m[1]!, box: [x0, y0, x, y1] },
    { ...w, text: m[2]!, box: [x, y0, x1, y1] },
  ];
}

const charWidthOf = (w: Word): number => (w.box[2] - w.box[0]) / Math.max(1, w.text.length);

function toCells(words: Word[], height: number): Cell[] {
  const sorted = [...words].sort((a, b) => a.box[0] - b.box[0]);
  const cells: Cell[] = [];
  let current: Word[] = [];
  for (const w of sorted) {
    const prev = current[current.length - 1];
    // A gap wider than about a character's height and one and a half character widths separates
    // cells; a word space is well under both (widths vary by font and by how the page was read).
    const charWidth = prev ? Math.min(charWidthOf(prev), charWidthOf(w)) : 0;
    if (prev && w.box[0] - prev.box[2] > Math.max(height * 1.1, charWidth * 1.6)) {
      cells.push(makeCell(current));
      current = [];
    }
    current.push(w);
  }
  if (current.length) cells.push(makeCell(current));
  return cells;
}

function makeCell(words: Word[]): Cell {
  return { text: words.map((w) => w.text).join(' '), box: unionBox(words.map((w) => w.box)), words };
}

/** How well a word lines up with its left neighbour on a row: the vertical overlap as a fraction of
 * the smaller height, or, for small marks, whether their centres are within half a typical line.
 * Both boxes are levelled (see `slantOf`). */
function alignment(w: Box, left: Box, typical: number): number {
  const overlap = (Math.min(left[3], w[3]) - Math.max(left[1], w[1])) / Math.max(1e-6, Math.min(heightOf(left), heightOf(w)));
  if (overlap >= 0.5) return overlap;
  return Math.abs(centreY(w) - centreY(left)) <= typical * 0.5 ? 0.5 : 0;
}

/** Lines whose words span less of the page's width tell too little of its slant. */
const MIN_SLANT_SPAN = 0.25;
/** Lines that measure the slant before it is trusted; the share of them that must agree on it
 * (a page's slant lifts every line alike, while a line joining two columns printed half a line
 * apart is a slope of its own); a slant too small to move a row; the steepest taken for one
 * (about 8° on a square page): beyond it the reader's lines are not straight rows of a page. */
const MIN_SLANT_LINES = 3;
const AGREEING_SHARE = 2 / 3;
const MIN_SLANT = 0.002;
const MAX_SLANT = 0.15;

/** How much the page's rows climb or fall across it (page heights per page width), as the reader's
 * own lines show it: a photo taken a little askew lifts the right-hand amounts of a receipt half a
 * line above their labels, and "SUB TOTAL" would take the tax's amount from the row below. A reader
 * that follows slanted lines (Tesseract) gives each word its own box along its line; one that boxes
 * only whole lines, or a text layer, shows no slant and the page is taken as level. */
export function slantOf(page: PageText): number {
  const slopes: number[] = [];
  for (const line of page.lines) {
    const words = line.words.filter((w) => w.text.trim());
    const [first, last] = [words[0], words.at(-1)];
    if (!first || !last || first === last) continue;
    const span = (last.box[0] + last.box[2] - first.box[0] - first.box[2]) / 2;
    if (span >= MIN_SLANT_SPAN) slopes.push((centreY(last.box) - centreY(first.box)) / span);
  }
  if (slopes.length < MIN_SLANT_LINES) return 0;
  const slant = median(slopes);
  if (Math.abs(slant) < MIN_SLANT || Math.abs(slant) > MAX_SLANT) return 0;
  const agreeing = slopes.filter((s) => Math.abs(s - slant) <= Math.abs(slant) / 2).length;
  return agreeing >= slopes.length * AGREEING_SHARE ? slant : 0;
}

/** A box moved up or down by the slant at its middle, so that a row's words share one height. */
const levelled = (b: Box, slant: number): Box => {
  const dy = slant * ((b[0] + b[2]) / 2);
  return [b[0], b[1] - dy, b[2], b[3] - dy];
};

/** Rows of one page, top to bottom. Words are chained left to right, each to the row whose last
 * word it lines up with best: two columns printed half a line apart then stay two rows, instead of
 * a line of one column being split between lines of the other. Words are compared levelled by the
 * page's slant; the rows keep their words' own boxes. */
export function pageRows(page: PageText): Row[] {
  const slant = slantOf(page);
  const words = wordsOf(page)
    .sort((a, b) => a.box[0] - b.box[0])
    .map((word) => ({ word, level: levelled(word.box, slant) }));
  const typical = median(words.map((w) => heightOf(w.word.box))) || 0.01;
  const groups: (typeof words)[] = [];
  for (const w of words) {
    let best: typeof words | null = null;
    let bestFit = 0;
    for (const g of groups) {
      const fit = alignment(w.level, g[g.length - 1]!.level, typical);
      if (fit > bestFit) [best, bestFit] = [g, fit];
    }
    if (best) best.push(w);
    else groups.push([w]);
  }
  const centre = (g: typeof words): number => median(g.map((w) => centreY(w.level)));
  return groups
    .sort((a, b) => centre(a) - centre(b))
    .map((levelledWords, index) => {
      const g = levelledWords.map((w) => w.word);
      const height = median(g.map((w) => heightOf(w.box)));
      const cells = toCells(g, height);
      return { page: page.page, index, box: unionBox(g.map((w) => w.box)), cells, text: cells.map((c) => c.text).join('  '), height };
    });
}

/** All rows of a reading, page by page. */
export function readingRows(reading: Pick<ReaderOutput, 'pages'>): Row[] {
  return reading.pages.slice(0, MAX_PAGES).flatMap(pageRows);
}

/** Rows below `row` on the same page, nearest first, up to `maxGap` row heights apart each. */
export function rowsBelow(rows: Row[], row: Row, maxRows: number, maxGap = 2.5): Row[] {
  const out: Row[] = [];
  let last = row;
  for (const r of rows) {
    if (r.page !== row.page || r.index <= row.index) continue;
    if (r.box[1] - last.box[3] > Math.max(last.height, r.height) * maxGap) break;
    out.push(r);
    last = r;
    if (out.length >= maxRows) break;
  }
  return out;
}

/** Horizontal overlap of two boxes as a fraction of the narrower one. */
export function xOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  return overlap / Math.max(1e-6, Math.min(a[2] - a[0], b[2] - b[0]));
}
