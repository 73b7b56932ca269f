import { canonicalName } from '../../domain/normalise.js';

/** A character outside ASCII: an accented letter, a ligature, a letter of its own. */
export const ACCENTED = /[^\u0000-\u007f]/u;

/** A word's pattern with each of its accented characters as `stands` writes it, the rest literal. */
const printed = (spelt: string, stands: (accented: string) => string): RegExp =>
  new RegExp(`^${[...spelt.normalize('NFC')].map((ch) => (ACCENTED.test(ch) ? stands(ch) : ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`, 'iu');

/** A word as a reader that cannot write its accented letters may print it: each accented letter
 * one or two other characters ("Müller" as "Miller" or "Miiller"), the rest as written. */
export const plainPrint = (spelt: string): RegExp => printed(spelt, () => '.{1,2}');

/** A word as an engine that cannot write its accented letters misprints it, one for one: each
 * letter with a diacritic as one other character, an ü also as "ii" (Tesseract's English model
 * takes its dots for two i's); a ligature or a letter of its own ("Æ", "Œ", "ß") as written, so
 * that "AEON" read "ÆON" by a look is no misprint of the readers'. */
const misprintOf = (spelt: string): RegExp => printed(spelt, (ch) => (ch.normalize('NFD').length === 1 ? ch : /[üÜ]/u.test(ch) ? '(?:.|ii)' : '.'));

/** A word's letters, without the punctuation at its edges. */
const bare = (word: string): string => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

export interface AccentMisprint {
  /** The word as the page readers read it ("Lindenblite"). */
  read: string;
  /** The word as every look with accented letters read it ("Lindenblüte"). */
  spelt: string;
}

/** The words of a name the page readers agreed on that every look with accented letters (at least
 * two) read as an accented spelling of the same other letters, whatever accents each sets:
 * "Lindenblite" where the looks read "Lindenblüte" — English-model engines print an ü they cannot
 * write as i, ii or u, and when both print it as i their agreement is on a letter that is not
 * printed. An accent alone ("Cafe" for "Café") is no misprint: names are compared without their
 * accents. */
export function accentMisprints(name: string, looks: readonly string[]): AccentMisprint[] {
  if (looks.length < 2) return [];
  const lookWords = looks.map((look) => look.split(/\s+/u).map(bare).filter(Boolean));
  const out: AccentMisprint[] = [];
  for (const read of name.split(/\s+/u).map(bare).filter(Boolean)) {
    if (ACCENTED.test(read)) continue;
    const spellings = lookWords.map((words) => words.find((w) => ACCENTED.test(w) && canonicalName(w) !== canonicalName(read) && misprintOf(w).test(read)));
    const [first] = spellings;
    // The looks may set different accents on the letter ("MÜNCHEN", "MÚNCHEN"): they agree that
    // it is not the readers' letter, and the readers' agreement is no proof of it.
    if (first && spellings.every((s) => s !== undefined && canonicalName(s) === canonicalName(first))) out.push({ read, spelt: first });
  }
  return out;
}
