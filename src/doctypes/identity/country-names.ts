import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { stripDiacritics } from '../../domain/normalise.js';
import { lookupIssuingState } from '../countries.js';

/** Country names as passports print them (English, French, Arabic: the languages ICAO documents
 * and the Gulf cards use) to the code the MRZ gives, so that "UNITED STATES" and "USA" are the
 * same reading, never a conflict. Names come from i18n-iso-countries (CLDR names and their common
 * alternatives); a name it does not know stays a name and is compared with nothing. */

const require = createRequire(import.meta.url);
const LANGUAGES = ['en', 'fr', 'ar'] as const;
for (const lang of LANGUAGES) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`) as countries.LocaleData);

/** ISO 3166 codes the MRZ writes otherwise (ICAO 9303 part 3): Germany is D. */
const ICAO_FOR_ISO: Readonly<Record<string, string>> = { DEU: 'D' };

/** French names print with or without their accents and hyphens; the list has them accented. */
const FRENCH_BY_PLAIN = new Map(
  Object.entries(countries.getNames('fr', { select: 'all' })).flatMap(([alpha2, names]) =>
    (Array.isArray(names) ? names : [names]).map((n) => [plain(n), countries.alpha2ToAlpha3(alpha2)!] as const),
  ),
);

function plain(name: string): string {
  return stripDiacritics(name).toUpperCase().replace(/[^A-Z]+/g, ' ').trim();
}

/** The MRZ code of a printed country: a code as printed (trailing fillers dropped) or a country
 * name in English, French or Arabic. Null when it is neither. */
export function countryCode(printed: string): string | null {
  const text = printed.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const code = text.toUpperCase().replace(/<+$/, '');
  if (/^[A-Z]{1,3}$/.test(code) && lookupIssuingState(code)) return ICAO_FOR_ISO[code] ?? code;
  for (const lang of LANGUAGES) {
    const found = countries.getAlpha3Code(text, lang);
    if (found) return ICAO_FOR_ISO[found] ?? found;
  }
  const french = FRENCH_BY_PLAIN.get(plain(text));
  return french ? (ICAO_FOR_ISO[french] ?? french) : null;
}
