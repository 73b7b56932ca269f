import { canonicalName } from '../../domain/normalise.js';

/** Marks a reader gives for an upright stroke it could not name as a letter: "|" and "!" for an I
 * or an l, "}", "]", "[" and "{" for an l, an I or a J ("BHPetro}", "JIAWE |"). */
const STROKE_MARKS = new Set(['|', '!', '}', ']', '[', '{']);
/** The letters such a stroke is, as canonicalName writes them. */
const STROKE_LETTERS = new Set(['I', 'L', 'J']);
/** More marks than this and the reading is no name read with a slip or two. */
const MAX_MARKS = 2;
/** The letters the two readings must share besides, for the name to be one read alike. */
const MIN_SHARED = 4;

/** A name's glyphs without its spaces, and where its words begin among them. */
function glyphs(text: string): { chars: string[]; starts: Set<number> } {
  const chars: string[] = [];
  const starts = new Set<number>();
  for (const word of canonicalName(text).split(' ').filter(Boolean)) {
    starts.add(chars.length);
    chars.push(...word);
  }
  return { chars, starts };
}

/** Whether `lettered` is the name `marked` holds, where `marked` has a stroke mark for one or two
 * of its letters: the same glyphs but for those, each an I, L or J in `lettered`, and the same
 * words, but that `marked` may set a mark apart from the word it ends ("JIAWE |" for "JIAWEI").
 * The two engines then saw every glyph alike, one naming an upright stroke the other left a
 * mark; `lettered` spells it. False where anything else differs, however little. */
export function spelledOverStroke(marked: string, lettered: string): boolean {
  const m = glyphs(marked);
  const l = glyphs(lettered);
  if (m.chars.length !== l.chars.length || l.chars.some((c) => STROKE_MARKS.has(c))) return false;
  const marks: number[] = [];
  for (const [i, c] of m.chars.entries()) {
    if (c === l.chars[i]) continue;
    if (!STROKE_MARKS.has(c) || !STROKE_LETTERS.has(l.chars[i]!)) return false;
    marks.push(i);
  }
  if (marks.length === 0 || marks.length > MAX_MARKS) return false;
  if (m.chars.filter((c, i) => c === l.chars[i] && /\p{L}/u.test(c)).length < MIN_SHARED) return false;
  // The words alike: a word start only one reading has is a mark set apart, in the marked one.
  for (const start of l.starts) if (!m.starts.has(start)) return false;
  for (const start of m.starts) if (!l.starts.has(start) && !marks.includes(start)) return false;
  return true;
}
