import { canonicalName } from '../../domain/normalise.js';

/** Tesseract's English model, which has no "ü", reads one as "ii": the two dots over the u taken
 * for the dots of two i's ("Lindenbliite", "Miinchen", "fiir"). PaddleOCR reads it as a plain u
 * ("Lindenblute"). */
const SPLIT_U = 'II';
/** More than this and the reading is no name read with a slip or two. */
const MAX_SPLIT = 2;
/** The letters the two readings must share besides, for the name to be one read alike. */
const MIN_SHARED = 4;

/** A name's words, as canonicalName writes them (accents aside: "ü" is "U"). */
const wordsOf = (text: string): string[] => canonicalName(text).split(' ').filter(Boolean);

/** Whether `plain` is the name `split` holds, where `split` reads one or two of its u's (an ü
 * printed) as "ii": the same words, letter for letter, but for those. The two engines then saw
 * every glyph alike, one taking an umlaut's dots for two i's; `plain` spells it, as the other
 * readers write an ü, without its dots. False where anything else differs, however little. */
export function spelledOverSplitUmlaut(split: string, plain: string): boolean {
  const s = wordsOf(split);
  const p = wordsOf(plain);
  if (s.length !== p.length || s.length === 0) return false;
  let splits = 0;
  let shared = 0;
  for (const [i, word] of s.entries()) {
    const other = p[i]!;
    if (word === other) {
      shared += word.length;
      continue;
    }
    // Each "II" of the word read as a "U", one at a time from the left, until it spells the other's.
    const parts = word.split(SPLIT_U);
    if (parts.length < 2 || parts.join('U') !== other) return false;
    splits += parts.length - 1;
    shared += other.length - (parts.length - 1);
  }
  return splits > 0 && splits <= MAX_SPLIT && shared >= MIN_SHARED;
}
