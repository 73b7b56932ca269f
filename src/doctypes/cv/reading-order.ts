/** Lines of a page in reading order. Two-column CVs (a sidebar beside the main text) are split at
 * the widest vertical gutter that almost no line crosses, and each column is read top to bottom.
 * Short lines on the right that sit on the same row as a left line (dates, places of an entry) are
 * asides of that row, not a column. */
import type { Line, PageText } from '../../readers/types.js';
import { findDateRange, isDuration } from './dates.js';

export interface OrderedLine extends Line {
  page: number;
  /** Which text column the line belongs to (0 for single-column pages and full-width lines). */
  column: number;
}

const midY = (l: Line) => (l.box[1] + l.box[3]) / 2;
const height = (l: Line) => l.box[3] - l.box[1];

function sameRow(a: Line, b: Line): boolean {
  const overlap = Math.min(a.box[3], b.box[3]) - Math.max(a.box[1], b.box[1]);
  return overlap >= 0.5 * Math.min(height(a), height(b));
}

/** A short right-hand line that qualifies its row: dates, a duration, or a short place. */
function isAside(line: Line): boolean {
  const t = line.text.trim();
  return findDateRange(t) !== null || isDuration(t) || (t.split(/\s+/).length <= 4 && /^[\p{Lu}][\p{L}.' -]+,\s*[\p{L}. ]+$/u.test(t));
}

const byRow = (a: Line, b: Line) => midY(a) - midY(b) || a.box[0] - b.box[0];

/** The x of a gutter splitting the page into two real columns, or null. */
export function findGutter(lines: Line[]): number | null {
  if (lines.length < 8) return null;
  let best: { x: number; score: number } | null = null;
  for (let x = 0.2; x <= 0.8; x += 0.01) {
    const crossing = lines.filter((l) => l.box[0] < x - 0.004 && l.box[2] > x + 0.004);
    const left = lines.filter((l) => l.box[2] <= x + 0.004);
    const right = lines.filter((l) => l.box[0] >= x - 0.004);
    if (crossing.length > Math.max(1, lines.length * 0.08) || left.length < 4 || right.length < 4) continue;
    // Right lines sharing a row with a left line and reading as asides make a single column with side notes.
    const asides = right.filter((r) => isAside(r) && left.some((l) => sameRow(l, r))).length;
    if (asides >= right.length * 0.5) continue;
    const score = Math.min(left.length, right.length) - crossing.length * 2;
    if (!best || score > best.score) best = { x, score };
  }
  return best ? best.x : null;
}

// A gap between words wider than this many line heights separates columns (OCR may read a
// sidebar's words and the main column's on one baseline as one line).
const COLUMN_GAP = 2.5;

const lineOf = (ws: Line['words']): Line => ({
  text: ws.map((w) => w.text).join(' '),
  words: ws,
  confidence: Math.min(...ws.map((w) => w.confidence)),
  box: [Math.min(...ws.map((w) => w.box[0])), Math.min(...ws.map((w) => w.box[1])), Math.max(...ws.map((w) => w.box[2])), Math.max(...ws.map((w) => w.box[3]))],
});

/** Splits a line at wide gaps between its words. */
export function splitAtGaps(line: Line): Line[] {
  const words = [...line.words].sort((a, b) => a.box[0] - b.box[0]);
  if (words.length < 2) return [line];
  const groups: Line['words'][] = [[words[0]!]];
  for (const w of words.slice(1)) {
    const group = groups[groups.length - 1]!;
    const prev = group[group.length - 1]!;
    if (w.box[0] - prev.box[2] > COLUMN_GAP * height(line)) groups.push([w]);
    else group.push(w);
  }
  if (groups.length === 1) return [line];
  return groups.map(lineOf);
}

/** The page's lines in reading order, and how many columns it has. */
export function orderPage(page: PageText, opts: { splitAtGaps: boolean }): { lines: OrderedLine[]; columns: number } {
  const kept = page.lines.filter((l) => l.text.trim() !== '');
  // Only OCR words carry real positions: Word files' boxes are placeholders, and the PDF text
  // layer is already split at column gaps.
  const lines = opts.splitAtGaps ? kept.flatMap(splitAtGaps) : kept;
  const gutter = findGutter(lines);
  const tag = (l: Line, column: number): OrderedLine => ({ ...l, page: page.page, column });
  if (gutter === null) return { lines: [...lines].sort(byRow).map((l) => tag(l, 0)), columns: 1 };
  // The main column's left edge: where the lines right of the gutter start.
  const rightStart = Math.min(...lines.filter((l) => l.box[0] >= gutter).map((l) => l.box[0]));
  const split = opts.splitAtGaps ? lines.flatMap((l) => splitAtGutter(l, gutter, rightStart)) : lines;
  // With the joined lines cut, the gutter is sought again: it was placed where they allowed.
  return twoColumns(split, split.length > lines.length ? (findGutter(split) ?? gutter) : gutter, tag);
}

// OCR reads the column rule as a "|" (or "¦", "│") between a long sidebar line and the main column's line.
const RULE_GLYPH = /^[|¦│]$/;

/** A line read across the gutter from words of both columns (OCR joins a sidebar line and the main
 * column's line on one baseline), cut where a word starts at the main column's left edge after a
 * gap wider than a word space or after the column rule read as a glyph. */
export function splitAtGutter(line: Line, gutter: number, rightStart: number): Line[] {
  if (!(line.box[0] < gutter && line.box[2] > gutter) || line.words.length < 2) return [line];
  const words = [...line.words].sort((a, b) => a.box[0] - b.box[0]);
  const k = words.findIndex((w) => w.box[0] >= gutter && !RULE_GLYPH.test(w.text));
  if (k <= 0 || Math.abs(words[k]!.box[0] - rightStart) > 0.015) return [line];
  const left = words.slice(0, k).filter((w) => !RULE_GLYPH.test(w.text));
  if (!left.length) return [line];
  const rule = words.slice(0, k).some((w) => RULE_GLYPH.test(w.text));
  if (!rule && words[k]!.box[0] - left[left.length - 1]!.box[2] < 0.5 * height(line)) return [line];
  return [lineOf(left), lineOf(words.slice(k))];
}

function twoColumns(lines: Line[], gutter: number, tag: (l: Line, column: number) => OrderedLine): { lines: OrderedLine[]; columns: number } {
  const crossing = lines.filter((l) => l.box[0] < gutter - 0.004 && l.box[2] > gutter + 0.004);
  const left = lines.filter((l) => !crossing.includes(l) && l.box[0] < gutter);
  const right = lines.filter((l) => !crossing.includes(l) && l.box[0] >= gutter);
  const columnsTop = Math.min(...[...left, ...right].map((l) => l.box[1]));
  const above = crossing.filter((l) => midY(l) < columnsTop).sort(byRow);
  const below = crossing.filter((l) => midY(l) >= columnsTop).sort(byRow);
  return {
    lines: [
      ...above.map((l) => tag(l, 0)),
      ...left.sort(byRow).map((l) => tag(l, 1)),
      ...right.sort(byRow).map((l) => tag(l, 2)),
      ...below.map((l) => tag(l, 0)),
    ],
    columns: 2,
  };
}

/** The narrower column of a two-column OCR page (the sidebar), as a band of the page to read again
 * on its own: whole-page OCR drops runs of short lines there ("• Go", "• SAP"). Null on one column. */
export function sidebarBand(page: PageText): { x0: number; x1: number; column: 1 | 2 } | null {
  const { lines, columns } = orderPage(page, { splitAtGaps: true });
  if (columns !== 2) return null;
  const of = (c: number) => lines.filter((l) => l.column === c);
  const [left, right] = [of(1), of(2)];
  if (!left.length || !right.length) return null;
  const leftEnd = Math.max(...left.map((l) => l.box[2]));
  const rightStart = Math.min(...right.map((l) => l.box[0]));
  if (leftEnd >= rightStart) return null;
  const cut = (leftEnd + rightStart) / 2;
  const leftWidth = leftEnd - Math.min(...left.map((l) => l.box[0]));
  const rightWidth = Math.max(...right.map((l) => l.box[2])) - rightStart;
  return leftWidth <= rightWidth ? { x0: 0, x1: cut, column: 1 } : { x0: cut, x1: 1, column: 2 };
}

/** The page with the band's lines replaced by a reading of the band alone (boxes as fractions of
 * the band), when that reading has more words: it found lines the page reading dropped. */
export function withBandReading(page: PageText, band: { x0: number; x1: number }, bandLines: Line[]): PageText {
  const inBand = (b: Line['box']) => (b[0] + b[2]) / 2 >= band.x0 && (b[0] + b[2]) / 2 < band.x1;
  // Each line keeps its words outside the band (a row OCR read across the gutter loses its sidebar part).
  const rest = page.lines
    .map((l) => l.words.filter((x) => !inBand(x.box)))
    .filter((ws) => ws.length)
    .map(lineOf);
  const before = page.lines.reduce((n, l) => n + l.words.filter((x) => inBand(x.box)).length, 0);
  const w = band.x1 - band.x0;
  const mapBox = (b: Line['box']): Line['box'] => [band.x0 + b[0] * w, b[1], band.x0 + b[2] * w, b[3]];
  const moved = bandLines
    .filter((l) => l.text.trim() !== '')
    .map((l) => ({ ...l, box: mapBox(l.box), words: l.words.map((x) => ({ ...x, box: mapBox(x.box) })) }));
  if (moved.reduce((n, l) => n + l.words.length, 0) <= before) return page;
  return { ...page, lines: [...rest, ...moved] };
}
