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

/** Which columns of the rectangle hold ink. Text is taken to be the minority tone, so light text
 * on a dark band works as well as dark on light. */
export function inkColumns(img: GreyImage, rect: Rect): boolean[] {
  let min = 255;
  let max = 0;
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      const v = img.data[y * img.width + x]!;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  const columns: boolean[] = [];
  if (max - min < 40) return Array.from({ length: rect.x1 - rect.x0 }, () => false);
  const threshold = (min + max) / 2;
  let dark = 0;
  let total = 0;
  for (let y = rect.y0; y < rect.y1; y++) {
    for (let x = rect.x0; x < rect.x1; x++) {
      total++;
      if (img.data[y * img.width + x]! < threshold) dark++;
    }
  }
  const inkIsDark = dark <= total / 2;
  // A column needs a few ink pixels, so specks and antialiasing do not bridge a gap.
  const minInk = Math.max(1, Math.round((rect.y1 - rect.y0) * 0.04));
  for (let x = rect.x0; x < rect.x1; x++) {
    let ink = 0;
    for (let y = rect.y0; y < rect.y1; y++) {
      const v = img.data[y * img.width + x]!;
      if (inkIsDark ? v < threshold : v >= threshold) ink++;
    }
    columns.push(ink >= minInk);
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

/** A gap this wide (in line heights) separates words the model already spaced. */
const SPACED_GAP = 0.18;
/** A gap this wide splits text the model ran together. */
const UNSPACED_GAP = 0.45;

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

/** Cuts a line into words: the model's spaces matched to the widest blank gaps; then, inside any
 * word that spans clear gaps (the model ran words together), characters shared out over the
 * inked segments by width. */
export function splitLine(text: string, rect: Rect, img: GreyImage): WordPiece[] {
  const tokens = text.split(' ').filter((t) => t !== '');
  const height = rect.y1 - rect.y0;
  const { ink, gaps } = interiorGaps(inkColumns(img, rect));
  if (!ink || tokens.length === 0) return tokens.length ? [{ text: tokens.join(' '), rect }] : [];
  const wide = (minWidth: number): Run[] => gaps.filter((g) => g.end - g.start >= minWidth * height);
  const cuts = wide(SPACED_GAP)
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, tokens.length - 1)
    .sort((a, b) => a.start - b.start);
  if (cuts.length < tokens.length - 1) return proportional(tokens, ink, rect);
  const clear = wide(UNSPACED_GAP);
  return piecesFromCuts(tokens, ink, cuts, rect).flatMap((piece) => splitRunTogether(piece, clear, rect));
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

/** When the pixels do not show the model's word breaks, place words by character count. */
function proportional(tokens: string[], ink: Run, rect: Rect): WordPiece[] {
  const total = tokens.join(' ').length;
  const perChar = (ink.end - ink.start) / total;
  let offset = 0;
  return tokens.map((text) => {
    const x0 = rect.x0 + ink.start + Math.round(offset * perChar);
    offset += text.length;
    const x1 = rect.x0 + ink.start + Math.round(offset * perChar);
    offset += 1;
    return { text, rect: { x0, y0: rect.y0, x1, y1: rect.y1 } };
  });
}
