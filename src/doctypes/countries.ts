/** The one country table. Issuing-state and nationality codes as ICAO 9303 uses them: ISO 3166-1
 * (alpha-2, alpha-3, numeric and names from the i18n-iso-countries package, so nothing is read
 * from the system at run time), plus the codes ICAO adds for organisations, British nationality
 * classes, refugees and stateless persons, Germany's one-letter D and the specimen state Utopia. */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

export type IssuingStateKind = 'iso' | 'icao_special' | 'specimen';

export interface IssuingState {
  code: string;
  name: string;
  kind: IssuingStateKind;
}

/** The languages passports and the Gulf cards print country names in (English, French, Arabic). */
export const PRINTED_LANGUAGES = ['en', 'fr', 'ar'] as const;
const require = createRequire(import.meta.url);
for (const lang of PRINTED_LANGUAGES) countries.registerLocale(require(`i18n-iso-countries/langs/${lang}.json`) as countries.LocaleData);

/** The package also carries Kosovo's user-assigned XK/XKK/983, which is no ISO 3166-1 code; ICAO
 * writes Kosovo as RKS (below). */
const NOT_ISO = new Set(['XK']);

/** ISO 3166-1 alpha-3 → English name (the package's first English name). */
const ISO_3166_ALPHA3: ReadonlyMap<string, string> = new Map(
  Object.keys(countries.getAlpha2Codes())
    .filter((alpha2) => !NOT_ISO.has(alpha2))
    .map((alpha2) => [countries.alpha2ToAlpha3(alpha2)!, countries.getName(alpha2, 'en')!] as const),
);

/** ISO 3166-1 numeric → alpha-3. */
const ALPHA3_OF_NUMERIC: ReadonlyMap<string, string> = new Map(
  Object.keys(countries.getAlpha2Codes())
    .filter((alpha2) => !NOT_ISO.has(alpha2))
    .map((alpha2) => [countries.alpha2ToNumeric(alpha2)!, countries.alpha2ToAlpha3(alpha2)!] as const),
);

/** ICAO 9303 Part 3 codes outside ISO 3166-1, and former codes still found on valid documents. */
const ICAO_SPECIAL: Readonly<Record<string, string>> = {
  D: 'Germany',
  GBD: 'British Overseas Territories Citizen',
  GBN: 'British National (Overseas)',
  GBO: 'British Overseas Citizen',
  GBP: 'British Protected Person',
  GBS: 'British Subject',
  UNO: 'United Nations Organization',
  UNA: 'Specialized agency of the United Nations',
  UNK: 'Resident of Kosovo (UNMIK travel document)',
  XBA: 'African Development Bank',
  XIM: 'African Export-Import Bank',
  XCC: 'Caribbean Community (CARICOM)',
  XCE: 'Council of Europe',
  XCO: 'Common Market for Eastern and Southern Africa (COMESA)',
  XEC: 'Economic Community of West African States (ECOWAS)',
  XPO: 'International Criminal Police Organization (INTERPOL)',
  XES: 'Organisation of Eastern Caribbean States',
  XMP: 'Parliamentary Assembly of the Mediterranean',
  XOM: 'Sovereign Military Order of Malta',
  XDC: 'Southern African Development Community',
  XXA: 'Stateless person',
  XXB: 'Refugee (1951 Convention)',
  XXC: 'Refugee (other than 1951 Convention)',
  XXX: 'Unspecified nationality',
  EUE: 'European Union',
  ANT: 'Netherlands Antilles',
  NTZ: 'Neutral Zone',
  RKS: 'Kosovo',
};

const SPECIMEN: Readonly<Record<string, string>> = {
  UTO: 'Utopia (ICAO specimen)',
};

const has = (table: Readonly<Record<string, string>>, key: string): boolean => Object.prototype.hasOwnProperty.call(table, key);

/** Looks up a code as read from an MRZ ("D<<", "UTO") or typed ("deu"); trailing fillers are the
 * MRZ's padding. Anything else that is not a plain code (inner fillers, digits) is unknown: null. */
export function lookupIssuingState(code: string): IssuingState | null {
  const key = code.trim().toUpperCase().replace(/<+$/, '');
  if (!/^[A-Z]{1,3}$/.test(key)) return null;
  if (has(SPECIMEN, key)) return { code: key, name: SPECIMEN[key]!, kind: 'specimen' };
  if (has(ICAO_SPECIAL, key)) return { code: key, name: ICAO_SPECIAL[key]!, kind: 'icao_special' };
  const iso = ISO_3166_ALPHA3.get(key);
  if (iso) return { code: key, name: iso, kind: 'iso' };
  return null;
}

/** ISO 3166 codes the MRZ writes otherwise (ICAO 9303 part 3): Germany is D. */
export const ICAO_FOR_ISO: Readonly<Record<string, string>> = { DEU: 'D' };
const ISO_FOR_ICAO: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(ICAO_FOR_ISO).map(([iso, icao]) => [icao, iso]));

/** The ISO alpha-3 of a code as the MRZ writes it (D → DEU); any other code as it is. */
export function isoAlpha3(code: string): string {
  return ISO_FOR_ICAO[code] ?? code;
}

/** ISO alpha-3 of a country name in one of the printed languages, as the package matches names
 * (case and accents aside); null when it knows none. */
export function alpha3OfName(name: string, lang: (typeof PRINTED_LANGUAGES)[number]): string | null {
  return countries.getAlpha3Code(name, lang) ?? null;
}

/** Alpha-3 of an ISO 3166-1 numeric code ("356" → IND); null when it is none. */
export function alpha3OfNumeric(numeric: string): string | null {
  return ALPHA3_OF_NUMERIC.get(numeric) ?? null;
}

/** Every ISO 3166-1 country as alpha-3 with its English names (official and common). */
export const ENGLISH_COUNTRY_NAMES: ReadonlyArray<readonly [alpha3: string, names: readonly string[]]> = Object.entries(
  countries.getNames('en', { select: 'all' }),
)
  .filter(([alpha2]) => !NOT_ISO.has(alpha2))
  .map(([alpha2, names]) => [countries.alpha2ToAlpha3(alpha2)!, Array.isArray(names) ? names : [names]] as const);
