/** Line direction for mixed right-to-left and Latin text, kept in one place so that what the
 * service writes (pdfkit has no bidirectional algorithm) and what it reads back from a PDF's text
 * (pdf.js gives words by their place on the page) follow the same rule. Enough for names, places
 * and short phrases, not a full UAX #9.
 *
 * The rule: a line is right-to-left when it holds right-to-left letters and no Latin-script (or
 * other left-to-right) letters; digits and punctuation do not decide. Any line with a
 * left-to-right letter is left-to-right, its right-to-left runs drawn right to left in place.
 * Words are the unit: each is drawn whole (pdfkit shapes it), so no run spans a space. */

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LETTER = /\p{L}/u;
const STRONG = /[\p{L}\p{N}]/u;

export const hasRtl = (text: string) => RTL.test(text);

/** Right-to-left letters and no left-to-right letter. */
export function isRtlLine(text: string): boolean {
  let rtl = false;
  for (const ch of text) {
    if (RTL.test(ch)) rtl = true;
    else if (LETTER.test(ch)) return false;
  }
  return rtl;
}

export type Dir = 'rtl' | 'ltr' | null;

/** A word's own direction: null for one of only punctuation and symbols. */
export const dirOfWord = (word: string): Dir => (RTL.test(word) ? 'rtl' : STRONG.test(word) ? 'ltr' : null);

/** Words in reading order → the order they sit on the page, left to right; and, the same
 * operation, words as they sit on the page → reading order. A right-to-left run's words are
 * reversed; on a right-to-left line the runs are too. A word without letters or digits takes its
 * neighbours' direction when both agree, else the line's (by `isRtlLine`, unless `rtlLine` says).
 * `dirOf` replaces the word classes to mirror another implementation's. */
export function reorderWords<T>(words: readonly T[], textOf: (w: T) => string, rtlLine?: boolean, dirOf: (word: string) => Dir = dirOfWord): T[] {
  const texts = words.map(textOf);
  if (!texts.some(hasRtl)) return [...words];
  const base: Dir = (rtlLine ?? isRtlLine(texts.join(' '))) ? 'rtl' : 'ltr';
  const strong = texts.map(dirOf);
  // The nearest strong direction after each word, in one pass from the right (lines can be long).
  const after: Dir[] = new Array(strong.length);
  for (let i = strong.length - 1, next: Dir = base; i >= 0; i--) {
    after[i] = next;
    next = strong[i] ?? next;
  }
  let before: Dir = base;
  const dirs = strong.map((d, i) => {
    if (d) return (before = d);
    return before === after[i] ? before : base;
  });
  const runs: { rtl: boolean; words: T[] }[] = [];
  words.forEach((w, i) => {
    const rtl = dirs[i] === 'rtl';
    const last = runs[runs.length - 1];
    if (last && last.rtl === rtl) last.words.push(w);
    else runs.push({ rtl, words: [w] });
  });
  const inOrder = runs.map((r) => (r.rtl ? r.words.reverse() : r.words));
  return (base === 'rtl' ? inOrder.reverse() : inOrder).flat();
}
