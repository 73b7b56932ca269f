/** pdf.js text items → words and lines with boxes in top-left page fractions. */
import { dirOfWord, reorderWords, type Dir } from '../../domain/bidi.js';
import type { Box, Line, PageText, Word } from '../../readers/types.js';

/** The parts of pdf.js's TextItem and TextStyle used here. */
export interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
  /** pdf.js gives a right-to-left item's text in reading order, its first letter at the right. */
  dir?: string;
}
export interface PdfTextStyle {
  ascent: number;
  descent: number;
}
/** pdf.js's PageViewport at scale 1: PDF user space (y up) → page pixels (y down, rotation applied). */
export interface PdfViewport {
  width: number;
  height: number;
  convertToViewportPoint(x: number, y: number): number[];
}

/** Items read per page at most: beyond it the rest of the page's text is dropped. */
export const MAX_ITEMS_PER_PAGE = 20_000;
// Most fonts' ascent/descent, used where pdf.js reports none.
const DEFAULT_ASCENT = 0.8;
const DEFAULT_DESCENT = -0.2;
/** Gaps under this (in em of the glyph's font size) are letter spacing, not a word break: a space
 * is 0.2–0.33 em in common fonts (0.6 in a monospaced one), tracking rarely over 0.12. Fragments
 * closer than this belong to one word: some producers emit a glyph or a few per item. */
export const TRACKING_GAP_EM = 0.15;
const JOIN_GAP_EM = TRACKING_GAP_EM;
// A horizontal gap wider than this (in line heights) starts a new line: side-by-side columns.
const COLUMN_GAP = 3;

interface Fragment {
  text: string;
  box: Box;
  /** The item's font size in page units (points at scale 1). */
  size: number;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** Axis-aligned box of the run [from, to] (fractions of the item's advance) of one text item. */
function runBox(item: PdfTextItem, style: PdfTextStyle | undefined, from: number, to: number, vp: PdfViewport): Box {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const advance = Math.hypot(a, b) || 1;
  const size = Math.hypot(c, d) || item.height || 1;
  const dir = [a / advance, b / advance];
  const up = [c / size, d / size];
  const ascent = (style?.ascent || DEFAULT_ASCENT) * size;
  const descent = (style?.descent || DEFAULT_DESCENT) * size;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const along of [from * item.width, to * item.width]) {
    for (const across of [descent, ascent]) {
      const [px = 0, py = 0] = vp.convertToViewportPoint(e + dir[0]! * along + up[0]! * across, f + dir[1]! * along + up[1]! * across);
      xs.push(px / vp.width);
      ys.push(py / vp.height);
    }
  }
  return [clamp01(Math.min(...xs)), clamp01(Math.min(...ys)), clamp01(Math.max(...xs)), clamp01(Math.max(...ys))];
}

/** pdf.js's bidi classes: besides letters and digits, every character above U+00FF that is not
 * Hebrew or Arabic counts as left-to-right (a dash "—", a bullet). */
const pdfjsDirOfWord = (word: string): Dir => dirOfWord(word) ?? ([...word].some((c) => c.codePointAt(0)! > 0xff) ? 'ltr' : null);

/** Splits an item at whitespace, giving each word its share of the item's width by characters.
 * pdf.js gives a right-to-left item's text in reading order (its own bidi, the item taken as a
 * right-to-left line): its words are put back in page order first. */
function fragmentsOf(item: PdfTextItem, style: PdfTextStyle | undefined, vp: PdfViewport): Fragment[] {
  // The item's characters as drawn, left to right: its own spacing, or a right-to-left item's words in page order.
  const drawn = item.dir === 'rtl' ? reorderWords(item.str.split(/\s+/u).filter(Boolean), (w) => w, true, pdfjsDirOfWord).join(' ') : item.str;
  const chars = [...drawn];
  const [, , c = 0, d = 1] = item.transform;
  const size = Math.hypot(c, d) || item.height || 1;
  const out: Fragment[] = [];
  let start = -1;
  for (let i = 0; i <= chars.length; i++) {
    const blank = i === chars.length || /\s/u.test(chars[i]!);
    if (!blank && start < 0) start = i;
    if (blank && start >= 0) {
      out.push({ text: chars.slice(start, i).join(''), box: runBox(item, style, start / chars.length, i / chars.length, vp), size });
      start = -1;
    }
  }
  return out;
}

const heightOf = (box: Box) => box[3] - box[1];
const union = (a: Box, b: Box): Box => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];

function verticalOverlap(a: Box, b: Box): number {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap / Math.max(1e-9, Math.min(heightOf(a), heightOf(b)));
}

/** Groups fragments into rows by vertical overlap with the row's first fragment (lines on a page
 * rarely overlap by half). Measured against the row as it grows instead, two lines of an address
 * set tightly would chain into one row, and their words would interleave. */
function rows(fragments: Fragment[]): Fragment[][] {
  const sorted = [...fragments].sort((p, q) => (p.box[1] + p.box[3]) / 2 - (q.box[1] + q.box[3]) / 2);
  const groups: { first: Box; members: Fragment[] }[] = [];
  for (const frag of sorted) {
    const row = groups.find((g) => verticalOverlap(g.first, frag.box) >= 0.5);
    if (row) row.members.push(frag);
    else groups.push({ first: frag.box, members: [frag] });
  }
  return groups.map((g) => g.members);
}

/** One row → one or more lines (split at column gaps), fragments closer than a space joined into
 * words. */
function linesOfRow(row: Fragment[], pageWidth: number): Line[] {
  const byX = [...row].sort((p, q) => p.box[0] - q.box[0]);
  const lines: Word[][] = [];
  let current: Word[] = [];
  let prevSize = 0;
  for (const frag of byX) {
    const prev = current[current.length - 1];
    const h = Math.max(heightOf(frag.box), prev ? heightOf(prev.box) : 0);
    const gap = prev ? frag.box[0] - prev.box[2] : 0;
    const size = frag.size;
    // In page units: a box's x and y are fractions of different sides.
    if (prev && gap * pageWidth < JOIN_GAP_EM * Math.max(size, prevSize)) {
      prev.text += frag.text;
      prev.box = union(prev.box, frag.box);
      prevSize = Math.max(prevSize, size);
      continue;
    }
    prevSize = size;
    if (prev && gap > COLUMN_GAP * h) {
      lines.push(current);
      current = [];
    }
    current.push({ text: frag.text, box: frag.box, confidence: 1 });
  }
  if (current.length) lines.push(current);
  return lines
    .map((placed) => reorderWords(placed, (w) => w.text))
    .map((words) => ({
      text: words.map((w) => w.text).join(' '),
      box: words.slice(1).reduce<Box>((box, w) => union(box, w.box), words[0]!.box),
      confidence: 1,
      words,
    }));
}

/** The page's text as lines top to bottom, left to right; the words of a line in reading order
 * (right-to-left runs reversed, domain/bidi.ts). */
export function pageTextFromItems(page: number, items: PdfTextItem[], styles: Record<string, PdfTextStyle>, vp: PdfViewport): PageText {
  const fragments = items.slice(0, MAX_ITEMS_PER_PAGE).flatMap((item) => fragmentsOf(item, styles[item.fontName], vp));
  const lines = rows(fragments)
    .flatMap((row) => linesOfRow(row, vp.width))
    .sort((p, q) => p.box[1] - q.box[1] || p.box[0] - q.box[0]);
  return { page, lines };
}

/** Letters and digits on the page: below a threshold the page is treated as a scan. */
export function countTextChars(text: PageText): number {
  let n = 0;
  for (const line of text.lines) n += line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return n;
}
