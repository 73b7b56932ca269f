import { checkDigit } from './check-digit.js';

/** What a position of the MRZ may hold. `alpha`: letters and filler; `numeric`: digits;
 * `date`: digits, with `<<` allowed for an unknown day or month of birth; `alnum`: letters, digits
 * and filler; `sex`: M, F, X or filler; `check`: a check digit (or filler where the field it
 * protects is empty and optional); `digits`: a code of digits, or fillers where it is left empty. */
export type CharClass = 'alpha' | 'numeric' | 'date' | 'alnum' | 'sex' | 'check' | 'digits';

export const FILLER = '<';

/** OCR-B confusions from the issue: the letter a digit is misread as, and back. One target each,
 * kept as lists so that a pair with two plausible readings would make repair ambiguous, not a guess. */
export const LETTER_TO_DIGITS: Readonly<Record<string, readonly string[]>> = {
  O: ['0'],
  I: ['1'],
  S: ['5'],
  B: ['8'],
  Z: ['2'],
  G: ['6'],
};

export const DIGIT_TO_LETTERS: Readonly<Record<string, readonly string[]>> = {
  '0': ['O'],
  '1': ['I'],
  '5': ['S'],
  '8': ['B'],
  '2': ['Z'],
  '6': ['G'],
};

/** Letters an OCR engine returns for the filler `<`. */
export const FILLER_LOOKING_LETTERS: ReadonlySet<string> = new Set(['K', 'C']);

/** Characters that are not in the MRZ alphabet at all but are what engines print for `<`
 * (guillemets, angle brackets from other blocks, PaddleOCR's full-width forms). */
export const FILLER_LOOKALIKES: ReadonlySet<string> = new Set(['«', '‹', '〈', '＜', '≤', 'く']);

export function isMrzChar(ch: string): boolean {
  return /^[A-Z0-9<]$/.test(ch);
}

export function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

export function isLetter(ch: string): boolean {
  return ch >= 'A' && ch <= 'Z';
}

/** Whether `ch` may stand at a position of this class. */
export function fitsClass(ch: string, cls: CharClass): boolean {
  switch (cls) {
    case 'alpha':
      return isLetter(ch) || ch === FILLER;
    case 'numeric':
      return isDigit(ch);
    case 'date':
    case 'check':
    case 'digits':
      return isDigit(ch) || ch === FILLER;
    case 'alnum':
      return isMrzChar(ch);
    case 'sex':
      return ch === 'M' || ch === 'F' || ch === 'X' || ch === FILLER;
  }
}

/** The readings a character must be replaced by because its class cannot hold it; empty when it
 * fits or when nothing on the confusion list applies. */
export function classForcedAlternatives(ch: string, cls: CharClass): readonly string[] {
  if (fitsClass(ch, cls)) return [];
  if (cls === 'numeric' || cls === 'date' || cls === 'check' || cls === 'digits') return LETTER_TO_DIGITS[ch] ?? [];
  if (cls === 'alpha') return DIGIT_TO_LETTERS[ch] ?? [];
  return [];
}

/** Check digit of a value, or null when it holds a character outside the MRZ alphabet. */
export function safeCheckDigit(value: string): number | null {
  for (const ch of value) if (!isMrzChar(ch)) return null;
  return checkDigit(value);
}

/** Confusions the check digit cannot see: the two readings have weighted values equal modulo 10
 * at every weight (G=16 and 6; S=28 and 8; K=20 and `<`=0). Every letter shares its value modulo
 * 10 with a digit; these are the pairs a reader mistakes for each other (S/8 under blur, G/6, and
 * `<` for K). A check that passes says nothing about them. */
export function isCheckBlind(ch: string): boolean {
  return ch === 'G' || ch === '6' || ch === 'S' || ch === '8' || ch === 'K';
}
