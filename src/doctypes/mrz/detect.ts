import { FILLER, FILLER_LOOKALIKES, isMrzChar } from './charset.js';
import { LENGTH_SLACK, normalizeLine } from './fit.js';
import { parseMrz } from './parse.js';
import type { MrzFormat } from './types.js';

/** Picks the MRZ out of OCR text lines. Lines are normalised (whitespace dropped, upper case);
 * « and other filler lookalikes count as fillers here but are left in the lines returned, so that
 * parseMrz logs them as repairs. Among runs of 2 or 3 consecutive MRZ-looking lines the one whose
 * check digits pass best wins; on a tie the lower one (the MRZ sits at the bottom). */

export const MAX_TEXT_LINES = 400;
const MAX_TEXT_LINE_CHARS = 300;
const MIN_LENGTH = 30 - LENGTH_SLACK;
const MAX_LENGTH = 44 + LENGTH_SLACK;
/** Characters outside the MRZ alphabet a line may hold and still be a candidate. */
const MAX_FOREIGN_CHARS = 3;
/** Fillers a group must hold when no check digit passes, so prose in capitals is not taken. */
const MIN_FILLERS_UNCHECKED = 4;

const isFillerLike = (ch: string): boolean => ch === FILLER || FILLER_LOOKALIKES.has(ch);

function looksLikeMrzLine(line: string): boolean {
  if (line.length < MIN_LENGTH || line.length > MAX_LENGTH) return false;
  let foreign = 0;
  for (const ch of line) if (!isMrzChar(ch) && !isFillerLike(ch)) foreign++;
  return foreign <= MAX_FOREIGN_CHARS;
}

export interface FoundMrz {
  lines: string[];
  format: MrzFormat;
}

export function findMrz(textLines: readonly string[]): FoundMrz | null {
  const lines = textLines
    .slice(0, MAX_TEXT_LINES)
    .map((l) => normalizeLine(String(l).slice(0, MAX_TEXT_LINE_CHARS)))
    .filter((l) => l.length > 0);
  let best: { found: FoundMrz; score: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    for (const size of [3, 2]) {
      const window = lines.slice(i, i + size);
      if (window.length < size || !window.every(looksLikeMrzLine)) continue;
      const result = parseMrz(window, { repair: false });
      if (!result.format) continue;
      const passing = result.checks.filter((c) => c.valid).length;
      const fillers = window.join('').split('').filter(isFillerLike).length;
      if (passing === 0 && fillers < MIN_FILLERS_UNCHECKED) continue;
      // check digits first, then how full the window is (a 3-line TD1 over 2 of its own lines)
      const score = passing * 1000 + size * 100 + Math.min(fillers, 99);
      if (!best || score >= best.score) best = { found: { lines: window, format: result.format }, score };
    }
  }
  return best?.found ?? null;
}

export function findMrzLines(textLines: readonly string[]): string[] | null {
  return findMrz(textLines)?.lines ?? null;
}
