/** Where pdf.js put a space inside a word: the glyph positions of a page (its operator list) tell
 * the letter spacing of a run from the gap between its words.
 *
 * pdf.js's text content writes a space into an item wherever two glyphs are more than 0.102 em
 * apart. Viewers that print an e-invoice's data set their text with tracking: every glyph moved by
 * 0.05–0.11 em in a TJ array ("L -55 i e f e r -110 a n t"), the words apart by a space (0.25 em
 * and more). pdf.js then reads "Liefer ant GmbH". The item alone cannot tell such a space from a
 * real one (its width is the sum of both); the glyphs can. */
import { TRACKING_GAP_EM, type PdfTextItem } from './pdf-text.js';

// A glyph more than this (in em) off the previous one's baseline is on another line or a sub/superscript.
const BASELINE_SLACK_EM = 0.3;

/** One glyph drawn on the page, in PDF user space. */
export interface PlacedGlyph {
  text: string;
  x: number;
  y: number;
  /** Whether the gap before it (from the previous placed glyph) is letter spacing: no space glyph
   * drawn in it, on the same baseline, under TRACKING_GAP_EM. */
  tight: boolean;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
/** m moved by (x, y) in its own space: PDF's Td on a text matrix. */
const translate = (m: Matrix, x: number, y: number): Matrix => [m[0], m[1], m[2], m[3], m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
const apply = (m: Matrix, x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

interface TextState {
  ctm: Matrix;
  fontName: string;
  size: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

/** The operator names used here, with their pdf.js numbers (pdfjs-dist's OPS). */
export interface OpsTable {
  save: number;
  restore: number;
  transform: number;
  beginText: number;
  setFont: number;
  setCharSpacing: number;
  setWordSpacing: number;
  setHScale: number;
  setLeading: number;
  setTextRise: number;
  moveText: number;
  setLeadingMoveText: number;
  setTextMatrix: number;
  nextLine: number;
  showText: number;
  paintFormXObjectBegin: number;
  paintFormXObjectEnd: number;
}

interface OpGlyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}
export interface FontInfo {
  fontMatrix?: number[];
  vertical?: boolean;
}

const matrixArg = (args: unknown[]): Matrix | null => {
  const m = (args.length >= 6 ? args : (args[0] as ArrayLike<number> | undefined)) as ArrayLike<number> | undefined;
  if (!m || m.length < 6) return null;
  const out = Array.from({ length: 6 }, (_, i) => Number(m[i]));
  return out.every(Number.isFinite) ? (out as Matrix) : null;
};

/** The page's glyphs in drawing order from its operator list, each with whether the gap before it
 * is letter spacing. Vertical fonts are left out (their glyphs end a run). */
export function placeGlyphs(fnArray: number[], argsArray: unknown[][], ops: OpsTable, fontOf: (name: string) => FontInfo | null): PlacedGlyph[] {
  const out: PlacedGlyph[] = [];
  const stack: TextState[] = [];
  let state: TextState = { ctm: IDENTITY, fontName: '', size: 0, charSpacing: 0, wordSpacing: 0, hScale: 1, leading: 0, rise: 0 };
  let font: FontInfo | null = null;
  let line: Matrix = IDENTITY;
  let text: Matrix = IDENTITY;
  // The previous glyph's end on the page, its baseline direction and font size there, and whether a space glyph followed it.
  let prev: { x: number; y: number; dx: number; dy: number; size: number } | null = null;
  let spaceSince = false;
  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    const args = argsArray[i] ?? [];
    switch (fn) {
      case ops.save:
        stack.push({ ...state });
        break;
      case ops.paintFormXObjectBegin: {
        stack.push({ ...state });
        const m = args[0] ? matrixArg([args[0]]) : null;
        if (m) state.ctm = multiply(state.ctm, m);
        break;
      }
      case ops.restore:
      case ops.paintFormXObjectEnd:
        state = stack.pop() ?? state;
        font = fontOf(state.fontName);
        break;
      case ops.transform: {
        const m = matrixArg(args);
        if (m) state.ctm = multiply(state.ctm, m);
        break;
      }
      case ops.beginText:
        line = text = IDENTITY;
        break;
      case ops.setFont:
        state.fontName = String(args[0] ?? '');
        state.size = Number(args[1]) || 0;
        font = fontOf(state.fontName);
        break;
      case ops.setCharSpacing:
        state.charSpacing = Number(args[0]) || 0;
        break;
      case ops.setWordSpacing:
        state.wordSpacing = Number(args[0]) || 0;
        break;
      case ops.setHScale:
        state.hScale = (Number(args[0]) || 100) / 100;
        break;
      case ops.setLeading:
        state.leading = Number(args[0]) || 0;
        break;
      case ops.setTextRise:
        state.rise = Number(args[0]) || 0;
        break;
      case ops.setLeadingMoveText:
        state.leading = -(Number(args[1]) || 0);
        line = text = translate(line, Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case ops.moveText:
        line = text = translate(line, Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case ops.nextLine:
        line = text = translate(line, 0, -state.leading);
        break;
      case ops.setTextMatrix: {
        const m = matrixArg(args);
        if (m) line = text = m;
        break;
      }
      case ops.showText: {
        const glyphs = (args[0] ?? []) as Array<OpGlyph | number | null>;
        // A font not known (its metrics unsure) or vertical: its glyphs part no run.
        if (!font || font.vertical) {
          prev = null;
          break;
        }
        // pdf.js leaves out the usual matrix (a thousand units to the em), as its canvas assumes.
        const unitsPerEm = font.fontMatrix?.[0] || 0.001;
        for (const g of glyphs) {
          if (typeof g === 'number') {
            text = translate(text, (-g / 1000) * state.size * state.hScale, 0);
            continue;
          }
          if (!g) continue;
          const advance = (g.width ?? 0) * unitsPerEm * state.size;
          const spacing = state.charSpacing + (g.isSpace ? state.wordSpacing : 0);
          const unicode = g.unicode ?? '';
          if (/^\s*$/u.test(unicode)) {
            spaceSince = true;
          } else {
            const trm = multiply(state.ctm, multiply(text, [state.size * state.hScale, 0, 0, state.size, 0, state.rise]));
            const size = Math.hypot(trm[2], trm[3]) || 1;
            const [x, y] = [trm[4], trm[5]];
            let tight = false;
            if (prev && !spaceSince) {
              const along = ((x - prev.x) * prev.dx + (y - prev.y) * prev.dy) / prev.size;
              const across = Math.abs((y - prev.y) * prev.dx - (x - prev.x) * prev.dy) / prev.size;
              tight = along < TRACKING_GAP_EM && along > -BASELINE_SLACK_EM && across < BASELINE_SLACK_EM;
            }
            out.push({ text: unicode, x, y, tight });
            const [ex, ey] = apply(trm, advance / state.size, 0);
            const len = Math.hypot(trm[0], trm[1]) || 1;
            prev = { x: ex, y: ey, dx: trm[0] / len, dy: trm[1] / len, size };
            spaceSince = false;
          }
          text = translate(text, (advance + spacing) * state.hScale, 0);
        }
        break;
      }
    }
  }
  return out;
}

/** Glyph starts by position, for finding where an item begins (pdf.js gives an item the transform
 * of its first glyph). */
class GlyphIndex {
  private readonly cells = new Map<string, number[]>();
  constructor(private readonly glyphs: PlacedGlyph[]) {
    glyphs.forEach((g, i) => {
      const key = `${Math.round(g.x)}|${Math.round(g.y)}`;
      const cell = this.cells.get(key);
      if (cell) cell.push(i);
      else this.cells.set(key, [i]);
    });
  }
  /** Glyphs starting within 0.05 units of (x, y), in drawing order. */
  at(x: number, y: number): number[] {
    const found: number[] = [];
    for (const dx of [-1, 0, 1])
      for (const dy of [-1, 0, 1])
        for (const i of this.cells.get(`${Math.round(x) + dx}|${Math.round(y) + dy}`) ?? []) {
          const g = this.glyphs[i]!;
          if (Math.abs(g.x - x) < 0.05 && Math.abs(g.y - y) < 0.05) found.push(i);
        }
    return found.sort((a, b) => a - b);
  }
}

/** The item's text with the spaces that stand for letter spacing taken out, or null when its
 * characters do not follow the glyphs from `start` (then nothing is changed). */
function closeFrom(str: string, glyphs: PlacedGlyph[], start: number): string | null {
  let out = '';
  let g = start;
  let changed = false;
  let i = 0;
  while (i < str.length) {
    if (/\s/u.test(str[i]!)) {
      // A space between glyphs g-1 and g: pdf.js's, for a gap of letter spacing.
      let j = i;
      while (j < str.length && /\s/u.test(str[j]!)) j++;
      const next = glyphs[g];
      if (g > start && next?.tight && j < str.length) changed = true;
      else out += str.slice(i, j);
      i = j;
      continue;
    }
    const glyph = glyphs[g];
    if (!glyph) return null;
    // pdf.js normalises its text (NFKC: a ligature "ﬁ" becomes "fi").
    const want = glyph.text.normalize('NFKC');
    if (!want || str.slice(i, i + want.length) !== want) return null;
    out += want;
    i += want.length;
    g++;
  }
  return changed ? out : null;
}

/** pdf.js's items with the spaces it put between glyphs set with tracking taken out. An item whose
 * text does not follow the glyphs where it begins (bidi reordering, a diacritic composed with its
 * letter) is left as it is. */
export function closeTrackingSpaces<T extends PdfTextItem>(items: T[], glyphs: PlacedGlyph[]): T[] {
  if (!glyphs.some((g) => g.tight)) return items;
  const index = new GlyphIndex(glyphs);
  return items.map((item) => {
    if (item.dir === 'rtl' || !/\S\s+\S/u.test(item.str)) return item;
    const [, , , , x = 0, y = 0] = item.transform;
    for (const start of index.at(x, y)) {
      const closed = closeFrom(item.str, glyphs, start);
      if (closed !== null) return { ...item, str: closed };
    }
    return item;
  });
}
