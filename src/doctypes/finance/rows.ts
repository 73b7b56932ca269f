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
    for (const w of source) if (w.text.trim()) words.push({ ...w, text: w.text.trim() });
    if (words.length >= MAX_WORDS_PER_PAGE) break;
  }
  return words.slice(0, MAX_WORDS_PER_PAGE);
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
 * the smaller height, or, for small marks, whether their centres are within half a typical line. */
function alignment(w: Word, left: Word, typical: number): number {
  const overlap = (Math.min(left.box[3], w.box[3]) - Math.max(left.box[1], w.box[1])) / Math.max(1e-6, Math.min(heightOf(left.box), heightOf(w.box)));
  if (overlap >= 0.5) return overlap;
  return Math.abs(centreY(w.box) - centreY(left.box)) <= typical * 0.5 ? 0.5 : 0;
}

/** Rows of one page, top to bottom. Words are chained left to right, each to the row whose last
 * word it lines up with best: two columns printed half a line apart then stay two rows, instead of
 * a line of one column being split between lines of the other. */
export function pageRows(page: PageText): Row[] {
  const words = wordsOf(page).sort((a, b) => a.box[0] - b.box[0]);
  const typical = median(words.map((w) => heightOf(w.box))) || 0.01;
  const groups: Word[][] = [];
  for (const w of words) {
    let best: Word[] | null = null;
    let bestFit = 0;
    for (const g of groups) {
      const fit = alignment(w, g[g.length - 1]!, typical);
      if (fit > bestFit) [best, bestFit] = [g, fit];
    }
    if (best) best.push(w);
    else groups.push([w]);
  }
  const centre = (g: Word[]): number => median(g.map((w) => centreY(w.box)));
  return groups
    .sort((a, b) => centre(a) - centre(b))
    .map((g, index) => {
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
