import { stripDiacritics } from '../../domain/normalise.js';
import { alpha3OfNumeric, ENGLISH_COUNTRY_NAMES } from '../countries.js';

/** The structure public sources give for Qatar's residence ID number (not an official
 * specification): 11 digits = century of birth (2 → 1900s, 3 → 2000s), the birth year's last two
 * digits, the ISO 3166-1 numeric code of the nationality, and a 5-digit serial. */

const CENTURY: Readonly<Record<string, number>> = { '2': 1900, '3': 2000 };

export interface QidNumberParts {
  birthCentury: number | null;
  birthYearDigits: string;
  nationalityNumeric: string;
  /** Alpha-3 of the nationality digits; null when they are no ISO 3166 numeric code. */
  nationalityAlpha3: string | null;
}

export function parseQidNumber(id: string): QidNumberParts | null {
  if (!/^\d{11}$/.test(id)) return null;
  const numeric = id.slice(3, 6);
  return {
    birthCentury: CENTURY[id[0]!] ?? null,
    birthYearDigits: id.slice(1, 3),
    nationalityNumeric: numeric,
    nationalityAlpha3: alpha3OfNumeric(numeric),
  };
}

const simplified = (s: string): string =>
  stripDiacritics(s)
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

/** Alpha-3 of a nationality as printed: a code, or an English country name (official or common).
 * A name two countries share ("Congo") names neither: null, so it is compared with nothing. */
export function countryCodeOf(printed: string): string | null {
  const key = simplified(printed);
  if (key.length === 0) return null;
  const found = new Set(
    ENGLISH_COUNTRY_NAMES.filter(([alpha3, names]) => key === alpha3 || names.some((n) => simplified(n) === key)).map(([alpha3]) => alpha3),
  );
  return found.size === 1 ? [...found][0]! : null;
}

/** Disagreements between the number and the date of birth and nationality, in words; empty when
 * everything that can be compared agrees. */
export function qidInconsistencies(id: string, birthIso: string | null, nationality: string | null): string[] {
  const parts = parseQidNumber(id);
  if (!parts) return [`the ID number "${id}" is not 11 digits`];
  const found: string[] = [];
  if (parts.birthCentury === null) found.push(`the ID number's first digit ${id[0]} is no known century of birth (2 or 3)`);
  if (birthIso) {
    const year = Number(birthIso.slice(0, 4));
    if (parts.birthCentury !== null && Math.floor(year / 100) * 100 !== parts.birthCentury) {
      found.push(`the ID number's century digit ${id[0]} says born in the ${parts.birthCentury}s, the date of birth says ${year}`);
    }
    if (String(year % 100).padStart(2, '0') !== parts.birthYearDigits) {
      found.push(`the ID number's year digits ${parts.birthYearDigits} do not match the birth year ${year}`);
    }
  }
  const printed = nationality ? countryCodeOf(nationality) : null;
  if (printed && parts.nationalityAlpha3 && printed !== parts.nationalityAlpha3) {
    found.push(`the ID number's nationality digits ${parts.nationalityNumeric} (${parts.nationalityAlpha3}) do not match the nationality ${nationality}`);
  }
  return found;
}
