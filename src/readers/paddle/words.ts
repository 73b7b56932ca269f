/** PaddleOCR gives one text and one box per detected line, drops some spaces and emits
 * full-width punctuation. These pure functions normalise the text and cut each line into words
 * using the blank columns of the line's own pixels. */

/** Full-width ASCII forms (U+FF01–U+FF5E) and the ideographic space and full stop, as ASCII. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\u3002/g, '.')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface GreyImage {
  /** One byte per pixel, row-major. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Pixel rectangle, x1 and y1 exclusive. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface Run {
  start: number;
  end: number;
}

export interface InkTone {
  isInk: (v: number) => boolean;
  /** Mean grey of the other tone. */
  paper: number;
  /** Share of the rectangle's pixels that are ink. */
  inkShare: number;
}

/** Dark-on-light or light-on-dark: text is the minority tone under a threshold halfway between
 * the darkest and lightest pixel, so light text on a dark band works as well as dark on light.
 * Null where the rectangle is flat (no text at all). */
export function inkTone(img: GreyImage, rect: Rect): InkTone | null {
  let min = 255;
  let max = 0;
  for (let y = rect.y0; y < rect.y1; y++) {
    const row = y * img.width;
    for (let x = rect.x0; x < rect.x1; x++) {
      const v = img.data[row + x]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (max - min < 40) return null;
  const threshold = (min + max) / 2;
  let dark = 0;
  let darkSum = 0;
  let lightSum = 0;
  for (let y = rect.y0; y < rect.y1; y++) {
    const row = y * img.width;
    for (let x = rect.x0; x < rect.x1; x++) {
      const v = img.data[row + x]!;
      if (v < threshold) {
        dark++;
        darkSum += v;
      } else lightSum += v;
    }
  }
  const total = (rect.x1 - rect.x0) * (rect.y1 - rect.y0);
  const inkIsDark = dark <= total / 2;
  const inkShare = inkIsDark ? dark / total : 1 - dark / total;
  return inkIsDark
    ? { isInk: (v) => v < threshold, paper: Math.round(lightSum / (total - dark)), inkShare }
    : { isInk: (v) => v >= threshold, paper: Math.round(darkSum / dark), inkShare };
}

/** Which columns of the rectangle hold ink: by the rectangle's own tone (see inkTone), or by a
 * test already settled on a larger area. */
export function inkColumns(img: GreyImage, rect: Rect, isInk = inkTone(img, rect)?.isInk): boolean[] {
  const columns: boolean[] = [];
  for (let x = rect.x0; x < rect.x1; x++) {
    let ink = false;
    for (let y = rect.y0; isInk && !ink && y < rect.y1; y++) ink = isInk(img.data[y * img.width + x]!);
    // One pixel is enough: a letter such as T has only its thin crossbar over most columns.
    columns.push(ink);
  }
  return columns;
}

/** Blank runs between the first and last inked column, in rectangle-relative columns. */
export function interiorGaps(columns: boolean[]): { ink: Run | undefined; gaps: Run[] } {
  const first = columns.indexOf(true);
  if (first < 0) return { ink: undefined, gaps: [] };
  const last = columns.lastIndexOf(true);
  const gaps: Run[] = [];
  let start = -1;
  for (let x = first; x <= last; x++) {
    if (!columns[x] && start < 0) start = x;
    if (columns[x] && start >= 0) {
      gaps.push({ start, end: x });
      start = -1;
    }
  }
  return { ink: { start: first, end: last + 1 }, gaps };
}

export interface WordPiece {
  text: string;
  rect: Rect;
}

const ROW_MARGIN = 0.2;
/** The narrowest blank (in line heights) that can stand for a space the model emitted. */
const SPACE_GAP = 0.08;
/** A gap this wide splits text the model ran together. */
const UNSPACED_GAP = 0.45;
/** How far (in average character widths) a model space may sit from its gap. */
const SPACE_WINDOW = 2.5;

function piecesFromCuts(tokens: string[], ink: Run, cuts: Run[], rect: Rect): WordPiece[] {
  const pieces: WordPiece[] = [];
  let left = ink.start;
  tokens.forEach((text, i) => {
    const cut = cuts[i];
    const right = cut ? cut.start : ink.end;
    pieces.push({ text, rect: { x0: rect.x0 + left, y0: rect.y0, x1: rect.x0 + right, y1: rect.y1 } });
    if (cut) left = cut.end;
  });
  return pieces;
}

/** Splits characters over blank-separated segments in proportion to their widths. */
function allocateCharacters(text: string, segments: Run[]): string[] | undefined {
  const chars = [...text];
  const widths = segments.map((s) => s.end - s.start);
  const total = widths.reduce((a, b) => a + b, 0);
  const parts: string[] = [];
  let used = 0;
  let acc = 0;
  for (let i = 0; i < segments.length; i++) {
    acc += widths[i]!;
    const upTo = i === segments.length - 1 ? chars.length : Math.round((acc / total) * chars.length);
    if (upTo <= used) return undefined;
    parts.push(chars.slice(used, upTo).join(''));
    used = upTo;
  }
  return parts;
}

/** Each model space goes to the widest blank near where it should fall; a space with no blank
 * near it is one the detector invented by cutting a word in two, and is dropped. */
function matchSpaces(tokens: string[], ink: Run, gaps: Run[]): { tokens: string[]; cuts: Run[] } {
  const perChar = (ink.end - ink.start) / tokens.join(' ').length;
  const merged = [tokens[0]!];
  const cuts: Run[] = [];
  let chars = tokens[0]!.length;
  for (const token of tokens.slice(1)) {
    const expected = ink.start + (chars + 0.5) * perChar;
    chars += 1 + token.length;
    const after = cuts.at(-1)?.end ?? ink.start;
    const near = gaps
      .filter((g) => g.start >= after && Math.abs((g.start + g.end) / 2 - expected) <= SPACE_WINDOW * perChar)
      .sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    if (near) {
      cuts.push(near);
      merged.push(token);
    } else {
      merged[merged.length - 1] += token;
    }
  }
  return { tokens: merged, cuts };
}

/** Cuts a line into words: the model's spaces matched to blank gaps in the line's pixels; then,
 * inside any word that spans clear gaps (the model ran words together), characters shared out
 * over the inked segments by width. `isInk` is a test settled on a larger area than the line
 * (the line's own tone otherwise). */
export function splitLine(text: string, rect: Rect, img: GreyImage, isInk?: (v: number) => boolean): WordPiece[] {
  const tokens = text.split(' ').filter((t) => t !== '');
  const height = rect.y1 - rect.y0;
  // The detector's box can shave the tops of capitals (a T's crossbar), which would open false
  // gaps; look a little above and below it.
  const margin = Math.round(height * ROW_MARGIN);
  const band = { ...rect, y0: Math.max(0, rect.y0 - margin), y1: Math.min(img.height, rect.y1 + margin) };
  const { ink, gaps } = interiorGaps(inkColumns(img, band, isInk));
  if (!ink || tokens.length === 0) return tokens.length ? [{ text: tokens.join(' '), rect }] : [];
  const wide = (minWidth: number): Run[] => gaps.filter((g) => g.end - g.start >= minWidth * height);
  const matched = matchSpaces(tokens, ink, wide(SPACE_GAP));
  const clear = wide(UNSPACED_GAP);
  return piecesFromCuts(matched.tokens, ink, matched.cuts, rect).flatMap((piece) => splitRunTogether(piece, clear, rect));
}

function splitRunTogether(piece: WordPiece, clearGaps: Run[], rect: Rect): WordPiece[] {
  const left = piece.rect.x0 - rect.x0;
  const right = piece.rect.x1 - rect.x0;
  const inside = clearGaps.filter((g) => g.start > left && g.end < right);
  if (inside.length === 0) return [piece];
  const segments: Run[] = [];
  let start = left;
  for (const gap of inside) {
    segments.push({ start, end: gap.start });
    start = gap.end;
  }
  segments.push({ start, end: right });
  const parts = allocateCharacters(piece.text, segments);
  if (!parts) return [piece];
  return parts.map((text, i) => ({
    text,
    rect: { x0: rect.x0 + segments[i]!.start, y0: rect.y0, x1: rect.x0 + segments[i]!.end, y1: rect.y1 },
  }));
}
