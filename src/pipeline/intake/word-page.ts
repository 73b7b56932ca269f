/** Word files have no page geometry here: their text becomes one synthetic page whose boxes are
 * positional placeholders (line i of n spans y ∈ [i/n, (i+1)/n]; words share x by characters).
 * They keep reading order and let extractors cite "line k", nothing more. */
import type { Line, PageText, Word } from '../../readers/types.js';

/** Lines longer than this are cut: a Word paragraph can be any length. */
const MAX_LINE_CHARS = 5000;
const MAX_LINES = 20_000;

function wordsOf(text: string, top: number, bottom: number): Word[] {
  const words: Word[] = [];
  const length = Math.max(1, text.length);
  for (const match of text.matchAll(/\S+/gu)) {
    const start = match.index;
    words.push({ text: match[0], box: [start / length, top, (start + match[0].length) / length, bottom], confidence: 1 });
  }
  return words;
}

export function wordPage(texts: string[]): PageText {
  const kept = texts.slice(0, MAX_LINES).map((t) => t.slice(0, MAX_LINE_CHARS));
  const n = Math.max(1, kept.length);
  const lines: Line[] = kept.map((text, i) => ({ text, box: [0, i / n, 1, (i + 1) / n], confidence: 1, words: wordsOf(text, i / n, (i + 1) / n) }));
  return { page: 1, lines };
}

/** Plain text → trimmed non-empty lines. */
export function textLines(text: string): string[] {
  return text
    .split(/\r\n|[\r\n\u2028\u2029\f\v]/u)
    .map((l) => l.replace(/[\t ]+/g, ' ').trim())
    .filter((l) => l.length > 0);
}
