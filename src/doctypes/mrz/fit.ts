import { FILLER, FILLER_LOOKALIKES } from './charset.js';

/** Input limits and line shaping before a layout is applied. */

export const MAX_MRZ_LINES = 3;
/** Longest line accepted: the longest format (44) plus the slack below, with room for stray marks. */
export const MAX_MRZ_LINE_LENGTH = 60;
/** A line this many characters short or long is refitted by growing or shrinking a filler run. */
export const LENGTH_SLACK = 3;

/** Upper-cases ASCII letters, drops whitespace and turns characters outside the Basic Multilingual
 * Plane into `?` so that one string index is one character. */
export function normalizeLine(line: string): string {
  return line
    .replace(/\s+/gu, '')
    .replace(/[a-z]/g, (c) => c.toUpperCase())
    .replace(/[\u{10000}-\u{10FFFF}]/gu, '?');
}

const isFillerLike = (ch: string): boolean => ch === FILLER || FILLER_LOOKALIKES.has(ch);

/** Engines miscount long runs of fillers more than anything else; a line a few characters off is
 * brought to `length` by growing or shrinking its longest filler run (the last of equals). The
 * check digits then judge every field that moved. Null when no run can absorb the difference. */
export function fitLine(line: string, length: number): { line: string; runStart: number } | null {
  const diff = length - line.length;
  if (diff === 0) return { line, runStart: -1 };
  if (Math.abs(diff) > LENGTH_SLACK) return null;
  let best: { start: number; len: number } | null = null;
  for (let i = 0; i < line.length; ) {
    if (!isFillerLike(line[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < line.length && isFillerLike(line[j]!)) j++;
    if (!best || j - i >= best.len) best = { start: i, len: j - i };
    i = j;
  }
  if (!best || best.len < 2 || best.len + diff < 1) return null;
  const end = best.start + best.len;
  const fitted = diff > 0 ? line.slice(0, end) + FILLER.repeat(diff) + line.slice(end) : line.slice(0, end + diff) + line.slice(end);
  return { line: fitted, runStart: best.start };
}
