import { countryCode } from './country-names.js';
import { canonicalCode, stripDiacritics } from '../../domain/normalise.js';

/** Whether an MRZ value and a visual-zone value say the same thing. The MRZ holds names
 * transliterated to A–Z (ICAO 9303 part 3: Ü → UE or U, ß → SS…), hyphens and spaces as fillers,
 * apostrophes dropped, and cut at the zone's end; dates are compared as ISO days. */

const ICAO_TRANSLITERATION: Readonly<Record<string, string>> = {
  Ä: 'AE',
  Ö: 'OE',
  Ü: 'UE',
  ß: 'SS',
  Æ: 'AE',
  Œ: 'OE',
  Ø: 'OE',
  Å: 'AA',
  Þ: 'TH',
  Ð: 'D',
  Ĳ: 'IJ',
  Ł: 'L',
  Đ: 'D',
  Ħ: 'H',
  Ŋ: 'N',
};

const toMrzForm = (s: string): string =>
  s
    .replace(/['’`]/g, '')
    .replace(/[^A-Z]+/g, ' ')
    .trim();

/** The forms the MRZ may give a printed name: ICAO transliteration, or diacritics simply dropped. */
export function mrzNameForms(printed: string): string[] {
  const upper = printed.toUpperCase();
  const icao = toMrzForm(stripDiacritics([...upper].map((ch) => ICAO_TRANSLITERATION[ch] ?? ch).join('')));
  const plain = toMrzForm(stripDiacritics(upper).replace(/[ÆŒØÅÞÐĲŁĐĦŊ]/g, (ch) => ICAO_TRANSLITERATION[ch] ?? ch));
  return [...new Set([icao, plain])].filter((f) => f.length > 0);
}

export function sameName(mrz: string, printed: string, mrzTruncated: boolean): boolean {
  const m = toMrzForm(mrz.toUpperCase());
  return mrzNameForms(printed).some((f) => f === m || (mrzTruncated && m.length > 0 && f.startsWith(m)));
}

/** True or false when the two can be compared; null when the printed text is no value of the kind. */
export function sameValue(kind: 'name' | 'date' | 'code' | 'sex' | 'country', mrz: string, printed: string, mrzTruncated = false): boolean | null {
  switch (kind) {
    case 'name':
      return mrzNameForms(printed).length === 0 ? null : sameName(mrz, printed, mrzTruncated);
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(printed) ? mrz === printed : null;
    case 'code': {
      const p = canonicalCode(printed);
      return p.length === 0 ? null : canonicalCode(mrz).replace(/</g, '') === p.replace(/</g, '');
    }
    case 'sex':
      return /^[MFX]$/.test(printed) ? mrz === printed : null;
    case 'country': {
      // a code or a country name ("UNITED STATES", "ALLEMAGNE"); a demonym ("JORDANIAN") is neither and is not compared
      const p = countryCode(printed);
      return p === null ? null : countryCode(mrz) === p;
    }
  }
}

/** Characters OCR engines take for one another in a printed number (a sans-serif Z for 7 or 2, L
 * for 1, O for 0…). */
const CONFUSABLE: readonly string[] = ['0ODQ', '1IL', '2Z7', '5S', '8B', '6G'];
const confusableClass = (ch: string): string => CONFUSABLE.find((c) => c.includes(ch)) ?? ch;
/** Most differing characters a printed number may have and still be a misreading. */
const MAX_CONFUSED = 2;

/** A printed code that differs from the MRZ's only in a character or two OCR confuses: one
 * reading of the print may be a misreading of the same number, so it neither confirms nor
 * contradicts the MRZ. */
export function onlyConfused(mrz: string, printed: string): boolean {
  const m = canonicalCode(mrz).replace(/</g, '');
  const p = canonicalCode(printed).replace(/</g, '');
  if (m.length !== p.length || m === p) return false;
  const differing = [...m].filter((ch, i) => ch !== p[i]);
  return differing.length <= MAX_CONFUSED && [...m].every((ch, i) => ch === p[i] || confusableClass(ch) === confusableClass(p[i]!));
}
