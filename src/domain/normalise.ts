import type { FieldValue } from './result.js';

/** Canonical forms used to decide whether two readers read the same value. Two readings agree
 * when their canonical forms are equal; the published value is the best reader's, normalised. */

/** How a field's text is normalised before readers are compared (see canonical below). */
export const FIELD_KINDS = ['text', 'name', 'date', 'amount', 'code', 'country', 'sex', 'integer', 'currency', 'items', 'email', 'phone'] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  SEPT: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
  JANV: 1,
  FEVR: 2,
  FEV: 2,
  MARS: 3,
  AVR: 4,
  MAI: 5,
  JUIN: 6,
  JUIL: 7,
  AOUT: 8,
  SEPTEMBRE: 9,
  OCTOBRE: 10,
  NOVEMBRE: 11,
  DECEMBRE: 12,
  JANUARY: 1,
  FEBRUARY: 2,
  MARCH: 3,
  APRIL: 4,
  JUNE: 6,
  JULY: 7,
  AUGUST: 8,
  SEPTEMBER: 9,
  OCTOBER: 10,
  NOVEMBER: 11,
  DECEMBER: 12,
  JANVIER: 1,
  FEVRIER: 2,
  AVRIL: 4,
  JUILLET: 7,
  JANUAR: 1,
  FEBRUAR: 2,
  MARZ: 3,
  MAERZ: 3,
  JUNI: 6,
  JULI: 7,
  OKT: 10,
  OKTOBER: 10,
  DEZ: 12,
  DEZEMBER: 12,
  JANUARI: 1,
  FEBRUARI: 2,
  MAART: 3,
  MEI: 5,
  AUGUSTUS: 8,
  ENERO: 1,
  FEBRERO: 2,
  MARZO: 3,
  ABRIL: 4,
  MAYO: 5,
  JUNIO: 6,
  JULIO: 7,
  AGOSTO: 8,
  SEPTIEMBRE: 9,
  OCTUBRE: 10,
  NOVIEMBRE: 11,
  DICIEMBRE: 12,
  GENNAIO: 1,
  FEBBRAIO: 2,
  APRILE: 4,
  MAGGIO: 5,
  GIUGNO: 6,
  LUGLIO: 7,
  SETTEMBRE: 9,
  OTTOBRE: 10,
  DICEMBRE: 12,
  SETIEMBRE: 9,
  JANEIRO: 1,
  FEVEREIRO: 2,
  MAIO: 5,
  JUNHO: 6,
  JULHO: 7,
  SETEMBRO: 9,
  OUTUBRO: 10,
  NOVEMBRO: 11,
  DEZEMBRO: 12,
  JULAI: 7,
  OGOS: 8,
  DISEMBER: 12,
  // Short forms that are words or names elsewhere ("2 SET 25.00", "MARCO"): months only before a
  // four-digit year (MONTHS_WITH_FULL_YEAR).
  ENE: 1,
  GEN: 1,
  MAC: 3,
  MARCO: 3,
  MRT: 3,
  ABR: 4,
  MAG: 5,
  GIU: 6,
  LUG: 7,
  AGO: 8,
  SET: 9,
  OTT: 10,
  OUT: 10,
  DIC: 12,
  DIS: 12,
};
/** Month words read as months only before a four-digit year (see MONTHS). */
const MONTHS_WITH_FULL_YEAR = new Set(['ENE', 'GEN', 'MAC', 'MARCO', 'MRT', 'ABR', 'MAG', 'GIU', 'LUG', 'AGO', 'SET', 'OTT', 'OUT', 'DIC', 'DIS']);

export function stripDiacritics(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
}

/** Marks that only group a name's letters, in every form the readers print them: PaddleOCR sets a
 * middle dot ("519537·X"), an ideographic full stop or a dash of its own where Tesseract reads "."
 * or "-". None of them is ever a misread letter, so dropping them keeps agreement on the letters. */
const NAME_PUNCTUATION = /[<\-‐‑‒–—'’‘`´.,·•‧∙。]+/g;

/** An apostrophe between two letters of a word ("McDonald's", "l'Abbé"), and the glyph a reader
 * puts for a faint letter's or digit's remains ("Bahnhofs'r." for a faded "t", "’8013 MADRID" for
 * a postcode's faded 2): unlike the marks that only group letters, one reader's in-word mark where
 * the other read none or a space is print they saw differently, so readings agree only where
 * their in-word marks stand alike. Before a number's first digit or between its digits too. */
const IN_WORD_MARK = /(?<=\p{L})['’‘`´](?=\p{L})|(?<![\p{L}\p{N}])['’‘`´](?=\p{N})|(?<=\p{N})['’‘`´](?=\p{N})/gu;
/** A reading with its in-word marks written as one mark that canonicalName keeps (ʼ). */
const inWordMarksKept = (s: string): string => s.replace(IN_WORD_MARK, 'ʼ');
/** Whether two readings hold as many in-word marks. */
export const sameInWordMarks = (a: string, b: string): boolean => (a.match(IN_WORD_MARK) ?? []).length === (b.match(IN_WORD_MARK) ?? []).length;

export function canonicalName(s: string): string {
  return stripDiacritics(s).toUpperCase().replace(NAME_PUNCTUATION, ' ').replace(/\s+/g, ' ').trim();
}

/** How many of a name's letters (what canonicalName keeps, spaces aside) stand before each of its
 * marks (what canonicalName drops): "AB.C" has a mark after 2 letters. */
export function marksAfterLetters(s: string): number[] {
  const at: number[] = [];
  let letters = 0;
  for (const c of stripDiacritics(s).toUpperCase()) {
    if (/\s/.test(c)) continue;
    if (c.replace(NAME_PUNCTUATION, '') === '') at.push(letters);
    else letters++;
  }
  return at;
}

export function canonicalCode(s: string): string {
  return s.toUpperCase().replace(/[\s\-–—./]+/g, '');
}

function isValidDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1800 || y > 2200) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export interface ParsedDate {
  iso: string;
  /** True when day and month could be swapped and both readings are valid dates. */
  ambiguous: boolean;
}

/** Parses the usual written date forms. `order` says how to read 03/04/2025 when the document
 * gives a hint; without one an ambiguous numeric date is reported as such (day-first assumed). */
export function parseDate(text: string, order: 'dmy' | 'mdy' = 'dmy'): ParsedDate | null {
  // a month's O read as zero ("26 0CT 24", "N0V") is the month: no other word becomes one so
  const t = stripDiacritics(text)
    .toUpperCase()
    .trim()
    // "16 de abril de 2025", "16 de março de 2025", "16 del 2025": the words between are no part of it.
    .replace(/\b(\d{1,2})\s+DE\s+([A-Z]{3,9})\.?\s+DEL?\s+(\d{4})\b/, '$1 $2 $3')
    // "16th April 2025", "1st May", "1er mai"
    .replace(/\b(\d{1,2})(?:ST|ND|RD|TH|ER)\b/, '$1')
    .replace(/\b[A-Z0]*[A-Z][A-Z0]*\b/g, (w) => (w.includes('0') && MONTHS[w.replace(/0/g, 'O')] !== undefined ? w.replace(/0/g, 'O') : w));
  let m = t.match(/\b(\d{4})[-./ ](\d{1,2})[-./ ](\d{1,2})\b/);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return isValidDate(y, mo, d) ? { iso: iso(y, mo, d), ambiguous: false } : null;
  }
  // A four-digit year may run straight into the time when a reader drops the space (…/20188:13).
  m = t.match(/\b(\d{1,2})[-./ ](\d{1,2})[-./ ]((?:19|20)\d{2}|\d{2}\b)/);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = expandYear(Number(m[3]), m[3]!.length);
    const first = order === 'dmy' ? { d: a, mo: b } : { d: b, mo: a };
    const second = order === 'dmy' ? { d: b, mo: a } : { d: a, mo: b };
    const firstOk = isValidDate(y, first.mo, first.d);
    const secondOk = isValidDate(y, second.mo, second.d);
    if (firstOk) return { iso: iso(y, first.mo, first.d), ambiguous: secondOk && a !== b };
    if (secondOk) return { iso: iso(y, second.mo, second.d), ambiguous: false };
    return null;
  }
  // identity documents print the month in two languages: 12 JANV/JAN 30, 12 JAN /JAN 2030
  m = t.match(/\b(\d{1,2})[\s\-./]*([A-Z]{3,9})\.?(?:\s*\/\s*([A-Z]{3,9})\.?)?[\s\-./,]*(\d{2}|\d{4})\b/);
  if (m && MONTHS[m[2]!] !== undefined && (m[3] === undefined || MONTHS[m[3]] === MONTHS[m[2]!]) && (m[4]!.length === 4 || !MONTHS_WITH_FULL_YEAR.has(m[2]!))) {
    const y = expandYear(Number(m[4]), m[4]!.length);
    const mo = MONTHS[m[2]!]!;
    const d = Number(m[1]);
    return isValidDate(y, mo, d) ? { iso: iso(y, mo, d), ambiguous: false } : null;
  }
  m = t.match(/\b([A-Z]{3,9})\.?\s+(\d{1,2})\s*,?\s*(\d{4})\b/);
  if (m && MONTHS[m[1]!] !== undefined) {
    const [y, mo, d] = [Number(m[3]), MONTHS[m[1]!]!, Number(m[2])];
    return isValidDate(y, mo, d) ? { iso: iso(y, mo, d), ambiguous: false } : null;
  }
  return null;
}

function expandYear(y: number, digits: number): number {
  if (digits === 4) return y;
  // Two-digit years on documents: within the next 20 years is this century, else the last.
  const now = new Date().getUTCFullYear();
  const candidate = 2000 + y;
  return candidate > now + 20 ? 1900 + y : candidate;
}

/** Parses an amount written with either decimal convention (1.234,56 or 1,234.56), with or
 * without a currency sign. Returns null when the text holds no amount. */
export function parseAmount(text: string): number | null {
  const token = amountTokens(text)[0];
  return token === undefined ? null : parseAmountToken(token);
}

/** The number-like runs of a text, in order ("VAT 20% 6,363.99" → ["20", "6,363.99"]). */
/** An amount with a decimal comma whose thousands stand apart by plain spaces ("1 234,56", "12 500,00"). */
export const SPACE_GROUPED = String.raw`\d{1,3}(?: \d{3})+,\d{2}(?!\d)`;
/** A Swiss amount's thousands stand apart by an apostrophe ("1'234.50"). */
const AMOUNT_TOKEN = new RegExp(String.raw`-?${SPACE_GROUPED}|-?\d{1,3}(?:['’]\d{3})+[.,]\d{2}(?!\d)|-?\d[\d.,]*`, 'g');

export function amountTokens(text: string): string[] {
  return [...text.replace(/−/g, '-').matchAll(AMOUNT_TOKEN)].map((m) => m[0].replace(/[.,]+$/, '').replace(/[ '’]/g, ''));
}

/** All amounts a text holds, in order. */
export function amountsIn(text: string): number[] {
  return amountTokens(text)
    .map(parseAmountToken)
    .filter((n): n is number => n !== null);
}

function parseAmountToken(token: string): number | null {
  let s = token;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  const decimalSep = lastDot > lastComma ? '.' : lastComma > lastDot ? ',' : null;
  if (decimalSep) {
    const decimals = s.length - s.lastIndexOf(decimalSep) - 1;
    const other = decimalSep === '.' ? ',' : '.';
    if (decimals === 3 && !s.includes(other) && s.split(decimalSep).length > 2) {
      s = s.split(decimalSep).join(''); // 1.234.567 is thousands only
    } else if (decimals === 3 && !s.includes(other)) {
      s = s.replace(decimalSep, ''); // 1,234 reads as thousands
    } else {
      s = s.split(other).join('').replace(decimalSep, '.');
    }
  }
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}

/** A record of a list value (line items) compared by its letters and digits and its numbers to the
 * cent: one reader's "On-site" and another's "Onsite" are the same description. */
function canonicalRecord(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [
      k,
      typeof v === 'string'
        ? stripDiacritics(v)
            .toUpperCase()
            .replace(/[^A-Z0-9]/g, '')
        : typeof v === 'number'
          ? v.toFixed(2)
          : v,
    ]),
  );
}

/** The canonical comparison key of a value of a kind; null when the value is empty. */
export function canonical(kind: FieldKind, value: FieldValue): string | null {
  if (value === null || value === '') return null;
  if (Array.isArray(value)) return JSON.stringify(value.map(canonicalRecord));
  const s = String(value);
  switch (kind) {
    case 'name':
    case 'text':
      // Spaces do not tell two readings apart: PaddleOCR drops them where Tesseract keeps them.
      return canonicalName(inWordMarksKept(s)).replace(/ /g, '');
    case 'code':
    case 'country':
    case 'currency':
    case 'sex':
      return canonicalCode(s);
    case 'date':
      return parseDate(s)?.iso ?? canonicalCode(s);
    case 'amount':
      return typeof value === 'number' ? value.toFixed(2) : (parseAmount(s)?.toFixed(2) ?? canonicalCode(s));
    case 'integer':
      return String(Number.parseInt(s.replace(/\D/g, ''), 10));
    // Every dot, hyphen and underscore of an address counts (a code's comparison drops them).
    case 'email':
      return s.replace(/\s+/g, '').toLowerCase();
    // A number is its digits; spaces, dots, hyphens and brackets only group them.
    case 'phone':
      return s.trim().startsWith('+') ? `+${s.replace(/\D/g, '')}` : s.replace(/\D/g, '');
    case 'items':
      return s;
  }
}
