import countries from 'i18n-iso-countries';
import { stripDiacritics } from '../../domain/normalise.js';
import { alpha3OfName, ICAO_FOR_ISO, lookupIssuingState, PRINTED_LANGUAGES } from '../countries.js';

/** Country names as passports print them (English, French, Arabic: the languages ICAO documents
 * and the Gulf cards use) to the code the MRZ gives, so that "UNITED STATES" and "USA" are the
 * same reading, never a conflict. Names come from i18n-iso-countries (CLDR names and their common
 * alternatives, registered in ../countries.ts); a name it does not know stays a name and is
 * compared with nothing. */

/** French names print with or without their accents and hyphens; the list has them accented. */
const FRENCH_BY_PLAIN = new Map(
  Object.entries(countries.getNames('fr', { select: 'all' })).flatMap(([alpha2, names]) =>
    (Array.isArray(names) ? names : [names]).map((n) => [plain(n), countries.alpha2ToAlpha3(alpha2)!] as const),
  ),
);

function plain(name: string): string {
  return stripDiacritics(name)
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();
}

/** The MRZ code of a printed country: a code as printed (trailing fillers dropped) or a country
 * name in English, French or Arabic. Null when it is neither. */
export function countryCode(printed: string): string | null {
  const text = printed.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const code = text.toUpperCase().replace(/<+$/, '');
  if (/^[A-Z]{1,3}$/.test(code) && lookupIssuingState(code)) return ICAO_FOR_ISO[code] ?? code;
  for (const lang of PRINTED_LANGUAGES) {
    const found = alpha3OfName(text, lang);
    if (found) return ICAO_FOR_ISO[found] ?? found;
  }
  const french = FRENCH_BY_PLAIN.get(plain(text));
  return french ? (ICAO_FOR_ISO[french] ?? french) : null;
}
