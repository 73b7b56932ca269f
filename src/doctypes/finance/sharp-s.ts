/** A German ß that a reader took for a capital B among small letters ("HauptstraBe"):
 * Tesseract's English model has no ß, and PaddleOCR too reads it as B. */
export const SHARP_S_AS_B = /\p{Ll}B(?:\p{Ll}|\b)/u;

/** A B after a vowel or a diphthong's second letter, with at least two letters before that, and
 * a small letter or the word's end after it: where German spelling has ß ("straBe", "GroBmarkt",
 * "WeiBe"), and no other print sets a capital B. A particle run into a name ("LeBlanc", "DeBoer")
 * has one letter before its vowel, and "McBride" no vowel. */
const SHARP_S_READ = /(?<=\p{L}{2}[aeiouäöü])B(?=\p{Ll}|(?![\p{L}\p{N}]))/gu;

/** The ß of a street's "…straße" as the readers misread it besides B: as R, S, l or 8, or as
 * two glyphs ("fs", "ls", "fB": its long s and its tail apart) — "Hauptstrale", "HauptstraRe",
 * "Hauptstrafse", "HauptstrafBe", "HauptstraSe". No German word ends a compound in "strale" or "straRe"; a
 * "…strafe" (a fine) is no street's line. Small letters around it only: a street in capitals is
 * printed "STRASSE". */
const STREET_SHARP_S_READ = /(?<=\p{L}stra)(?:[RSlb8]|f[s5B]|l[s5])(?=e(?![\p{L}\p{N}]))/gu;

/** A line with the ß a reader read as B written as ß, and a street's ß read as another glyph;
 * any other capital B among small letters stays. */
export const sharpSWritten = (text: string): string => text.replace(SHARP_S_READ, 'ß').replace(STREET_SHARP_S_READ, 'ß');
