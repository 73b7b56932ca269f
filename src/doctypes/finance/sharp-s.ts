/** A German ß that a reader took for a capital B among small letters ("HauptstraBe"):
 * Tesseract's English model has no ß, and PaddleOCR too reads it as B. */
export const SHARP_S_AS_B = /\p{Ll}B(?:\p{Ll}|\b)/u;

/** A B after a vowel or a diphthong's second letter, with at least two letters before that, and
 * a small letter or the word's end after it: where German spelling has ß ("straBe", "GroBmarkt",
 * "WeiBe"), and no other print sets a capital B. A particle run into a name ("LeBlanc", "DeBoer")
 * has one letter before its vowel, and "McBride" no vowel. */
const SHARP_S_READ = /(?<=\p{L}{2}[aeiouäöü])B(?=\p{Ll}|(?![\p{L}\p{N}]))/gu;

/** A line with the ß a reader read as B written as ß; any other capital B among small letters stays. */
export const sharpSWritten = (text: string): string => text.replace(SHARP_S_READ, 'ß');
