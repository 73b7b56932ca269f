import { parseDate, stripDiacritics } from '../../domain/normalise.js';

/** Dates in running text, and the day/month order a document uses, decided from its own hints. */

export type DayOrder = 'dmy' | 'mdy';

export interface DateToken {
  raw: string;
  start: number;
  end: number;
  /** The numeric parts as printed, for numeric dates (a/b/year). */
  numeric: { a: number; b: number; sep: string } | null;
}

const MONTH_WORD = String.raw`[A-Za-zÀ-ÿ]{3,10}\.?`;
/** A day's or month's digits, or its leading zero and digit with a gap PaddleOCR set between them
 * ("09/0 4/ 2025", seed 21771): a zero alone is no day or month, so the two are one. */
const DAY_OR_MONTH = String.raw`(?:0 \d|\d{1,2})`;
/** A numeric date's day and month with up to two spaces beside its separators: rows join a
 * line's words with up to two. */
const SPACED_DAY_MONTH = String.raw`${DAY_OR_MONTH} {0,2}[-./] {0,2}${DAY_OR_MONTH} {0,2}[-./] {0,2}`;
/** With a four-digit year. */
const SPACED_NUMERIC_DATE = String.raw`${SPACED_DAY_MONTH}\d{4}`;
/** With a two-digit year, taken only before the time a till prints after it ("01.06. 25 21:19",
 * "04.04 .25 13:15", "26.04. 25 Uhrzeit 22:27"): alone it could be a quantity and two prices. */
const SPACED_SHORT_YEAR_DATE = String.raw`${SPACED_DAY_MONTH}\d{2}`;
/** The words a till prints before its time of day, in any case ("Uhrzeit", "HEURE"). */
const anyCase = (word: string): string => [...word].map((c) => `[${c}${c.toLowerCase()}]`).join('');
const TIME_WORD = String.raw`(?:${['UHRZEIT', 'ZEIT', 'TIME', 'HEURE', 'HORA', 'ORA', 'TIJD'].map(anyCase).join('|')})\s*[:.]?\s*`;
/** A two-digit year PaddleOCR split at a gap between its digits ("18 /04/2 5"). */
const SPLIT_SHORT_YEAR_DATE = String.raw`${SPACED_DAY_MONTH}\d {1,2}\d`;
/** Year first ("2025-05 -28", PaddleOCR's gap beside a separator): a four-digit year first is no
 * amount's or quantity's form. */
const SPACED_ISO_DATE = String.raw`\d{4} {0,2}[-./] {0,2}\d{1,2} {0,2}[-./] {0,2}\d{1,2}`;
/** A four-digit year of this century or the last that PaddleOCR split at a gap between its
 * letters after its first or third digit ("07-04-2 025"): neither part is a year, so the digits
 * are one. Split in the middle ("20 25") it could be a two-digit year and a number, and is not
 * joined. */
const SPLIT_YEAR_DATE = String.raw`${SPACED_DAY_MONTH}(?:(?:2 {1,2}0|1 {1,2}9)\d{2}|(?:20|19)\d {1,2}\d)`;
/** A month's word PaddleOCR split the same way ("02 A PR 2025"): joined, it must be a month's
 * word for the date to parse. */
const SPLIT_MONTH_DATE = /^(\d{1,2}[\s-]+)(\p{L}{1,4}) {1,2}(\p{L}{1,4})([\s-]*\d{4})$/u;
const DATE_RE = new RegExp(
  [
    String.raw`\b${SPLIT_YEAR_DATE}(?![\d.,:])`,
    // A reader may run the time into the date before it when the gap between them is narrow
    // ("2025-05-1007:04:55", "19MAY202516:57:23"), as a till may print it ("21/09/201710:20:37AM").
    // A two-digit year too ("20/04/2522:26"): a year is two digits or four, so the digits before
    // the time's colon part one way only. A year-first date's day is two digits before a time,
    // even one a crop cut after its colon ("2025-04-0719:1").
    String.raw`\b\d{4}[-./]\d{1,2}[-./](?:\d{2}(?=\d{1,2}:\d)|\d{1,2}(?:\b|(?=T\d{1,2}:\d{2})))`,
    // A two-digit year with a lone digit after a gap is a four-digit year a reader split at a
    // faint digit ("23-04-20 5" for 2025), not the year 2020; so is one with a digit run on and no
    // time after it ("09/04/202", a crop cut through its last digit, seed 22359).
    String.raw`\b\d{1,2}[-./]\d{1,2}[-./](?:\d{4}(?=\d{1,2}:\d{2})|\d{2}(?=\d{1,2}:\d{2})|(?:\d{4}|\d{2}(?!\d)(?! {1,2}\d(?![\d:])))(?![\d.,]\d))`,
    // PaddleOCR sets a gap beside a separator where the print has none ("16/04/ 202518:33"), and
    // German print may have one ("16. 04. 2025"): with a four-digit year, which no amount or
    // quantity beside a number looks like ("2. 5.00"); with a two-digit one only before a time.
    String.raw`\b${SPACED_NUMERIC_DATE}(?:(?=\d{1,2}:\d{2})|(?![\d.,]?\d))`,
    String.raw`\b${SPACED_SHORT_YEAR_DATE}(?= {1,3}(?:${TIME_WORD})?(?:[01]?\d|2[0-3]):[0-5]\d\b)`,
    // A two-digit year split at a gap, its second digit run into the time after it ("18 /04/2
    // 519:21", seed 26347): an hour has two digits at most, so the third before the colon is the year's.
    String.raw`\b${SPLIT_SHORT_YEAR_DATE}(?=\d{1,2}:[0-5]\d)`,
    String.raw`\b${SPACED_ISO_DATE}(?:(?=\d{1,2}:\d{2})|(?![\d.,]?\d))`,
    // A year is never followed by a colon: "23-APR-2521:57" is a two-digit year run into the time.
    String.raw`\b\d{1,2}(?:\.|[Ee][Rr]|[Ss][Tt]|[Nn][Dd]|[Rr][Dd]|[Tt][Hh])?[\s-]*(?:[Dd][Ee]\s+)?${MONTH_WORD}[\s\-,.]*(?:[Dd][Ee][Ll]?\s+)?\d{4}(?:\b(?!:\d)|(?=\d{1,2}:\d{2}))`,
    String.raw`\b\d{1,2}[\s-]${MONTH_WORD}[\s-]\d{2}(?:\b|(?=\d{1,2}:\d{2}))`,
    String.raw`\b${MONTH_WORD}\s+\d{1,2}\s*,?\s*\d{4}\b`,
    String.raw`\b\d{1,2}[\s-]+\p{L}{1,4} {1,2}\p{L}{1,4}[\s-]*\d{4}\b(?!:\d)`,
  ].join('|'),
  'gu',
);

/** Hours, minutes and seconds written with dots, as a date's parts could be. */
const TIME_OF_DAY_DOTTED = /^(?:[01]?\d|2[0-3])\.[0-5]\d\.[0-5]\d$/;
const TIME_LABEL_BEFORE = /\b(?:TIME|ZEIT|UHRZEIT|HEURE|HORA|ORA|TIJD)\s*[:.]?\s*$/i;

const SPACED_NUMERIC = new RegExp(String.raw`^(?:${SPACED_DAY_MONTH}(?:\d{4}|\d{2})|${SPACED_ISO_DATE}|${SPLIT_YEAR_DATE}|${SPLIT_SHORT_YEAR_DATE})$`);

/** A letter shaped as a digit, alone before a day's one digit and its separator ("l4-APR-25",
 * "O4/05/25"), is the day's first digit misread: set apart, it would leave the day's second digit
 * as the day. */
const DIGIT_SHAPED_ONE = /(?<![\p{L}\p{N}])[lI](?=\d[-./ ])/gu;
const DIGIT_SHAPED_ZERO = /(?<![\p{L}\p{N}])[oO](?=\d[-./ ])/gu;
/** The text with a letter run into a digit, or a digit into a letter, set apart: a reader may run
 * the words beside a date into it ("Le02/04/25Heure11:24", "DATUM20.05.2025Uhrzeit16:30:12"). */
export const wordsSetApart = (text: string): string =>
  text
    .replace(DIGIT_SHAPED_ONE, '1')
    .replace(DIGIT_SHAPED_ZERO, '0')
    .replace(/(\p{L})(?=\d)|(\d)(?=\p{L})/gu, '$1$2 ');

const parses = (raw: string): boolean => parseDate(raw, 'dmy') !== null || parseDate(raw, 'mdy') !== null;

/** Date-like substrings of the text that parse as a date in some order. */
export function findDates(text: string): DateToken[] {
  const out: DateToken[] = [];
  const searched = text.slice(0, 2000);
  const pattern = new RegExp(DATE_RE);
  for (let m = pattern.exec(searched); m; m = pattern.exec(searched)) {
    // A numeric date is its digits and separators: a gap read beside a separator is no part of it.
    const raw = SPACED_NUMERIC.test(m[0]) ? m[0].replace(/ /g, '') : parses(m[0]) ? m[0] : m[0].replace(SPLIT_MONTH_DATE, '$1$2$3$4');
    // "Time: 09.20.00" is a time of day written with dots, not 20 September 2000; "Date/Time:
    // 25/12/2018 14:05" is a date.
    const timeOfDay = TIME_OF_DAY_DOTTED.test(raw) && TIME_LABEL_BEFORE.test(searched.slice(Math.max(0, m.index - 12), m.index));
    if (timeOfDay || !parses(raw)) {
      // Looked past by one character, not by its length: a word shaped as a month's took the start
      // of the date after it ("00 Date 10" of "HEURE 20:54:00 Date 10/05/25", seed 26276).
      pattern.lastIndex = m.index + 1;
      continue;
    }
    const num = raw.match(/^(\d{1,2})([-./])(\d{1,2})[-./](\d{2}|\d{4})$/);
    out.push({ raw, start: m.index, end: m.index + m[0].length, numeric: num ? { a: Number(num[1]), b: Number(num[3]), sep: num[2]! } : null });
  }
  return out;
}

export interface OrderDecision {
  order: DayOrder | null;
  why: string;
  /** Dates written with dots, a day-first habit: a hint weaker than any date that proves the order. */
  dotted: boolean;
}

/** The order the document writes numeric dates in: a first part over 12 proves day-first, a second
 * part over 12 proves month-first. Null when nothing in the document proves it. */
export function documentDayOrder(texts: readonly string[]): OrderDecision {
  let dmy = 0;
  let mdy = 0;
  let dots = 0;
  for (const text of texts) {
    for (const d of findDates(text)) {
      if (!d.numeric) continue;
      if (d.numeric.a > 12 && d.numeric.b <= 12) dmy++;
      else if (d.numeric.b > 12 && d.numeric.a <= 12) mdy++;
      if (d.numeric.sep === '.') dots++;
    }
  }
  const dotted = dots > 0;
  if (dmy && !mdy) return { order: 'dmy', why: 'a date on the document has a day over 12 in first place', dotted };
  if (mdy && !dmy) return { order: 'mdy', why: 'a date on the document has a day over 12 in second place', dotted };
  return { order: null, why: 'no date on the document shows the day/month order', dotted };
}

/** Company forms of countries that write numeric dates only day first (Malaysia's Sdn Bhd and
 * Bhd, Singapore's Pte Ltd, India's Pvt Ltd, Australia's Pty Ltd, Germany's GmbH and OHG, France's
 * SARL, EURL and SASU, Italy's and Latin America's S.r.l.): a hint, like the currency. */
export const DAY_FIRST_LEGAL_FORM =
  /\bSDN\.?\s*BHD\b|\bBHD\b|\bPTE\.?\s*LTD\b|\bPVT\.?\s*LTD\b|\bPTY\.?\s*LTD\b|\bGMBH\b|\bOHG\b|\bSARL\b|\bEURL\b|\bSASU\b|\bS\.?R\.?L\b/i;

/** A day-first country named in the shop's address ("Singapore 238839", "KUALA LUMPUR, MALAYSIA",
 * "Deutschland"), in its own language or English: a hint, like the legal form. */
export const DAY_FIRST_COUNTRY =
  /\b(?:SINGAPORE|MALAYSIA|UNITED\s+KINGDOM|DEUTSCHLAND|GERMANY|FRANCE|ESPA[ÑN]A|SPAIN|ITALIA|ITALY|NEDERLAND|PORTUGAL|INDIA|AUSTRALIA|NEW\s+ZEALAND)\b/i;

/** A VAT identification number with its country's prefix ("VAT No. GB 341790354", "USt-IdNr.
 * DE123456789", "UID: DE 170678432"): the United Kingdom's and the European Union's, whose
 * countries all write numeric dates day first. A hint, like the tax's name; "VAT" alone is not one
 * (the Philippines levy a VAT and write the month first). */
export const DAY_FIRST_VAT_ID =
  /\b(?:VAT|UST|UID|TVA|IVA|BTW|MWST)(?:[\s.:-]*(?:REG(?:ISTRATION)?|NO|NR|N°|ID(?:NR)?|NUMBER|IDENTIFICATION))*[\s.:#-]*(?:GB|XI|IE|DE|AT|FR|BE|LU|NL|ES|PT|IT|DK|SE|FI|PL|CZ|SK|SI|HR|HU|RO|BG|EL|CY|MT|EE|LV|LT)\s?\d{2}/i;

/** A street named in Malay ("LOT 3-5, JALAN BUKIT BINTANG", "NO. 3, LORONG HARMONI 2"): written
 * only in Malaysia, Brunei, Singapore and Indonesia, which all write numeric dates day first. The
 * longer words also where a reader ran the street's name into them ("JALANBUKIT BINTANG"). */
export const DAY_FIRST_STREET_WORD = /\b(?:JLN|LRG|LEBUH|TAMAN)\b|\b(?:JALAN|LORONG|PERSIARAN)/i;

/** Tax words of countries that write numeric dates only day first: Spain's and Latin America's IVA,
 * France's TVA, Germany's MwSt and USt, the Netherlands' BTW, Malaysia's SST and CUKAI. */
export const DAY_FIRST_TAX_WORD = /\b(?:IVA|I\.V\.A\.?|TVA|MWST|UST|BTW|SST|CUKAI)\b/i;

/** Whether the page's amounts are written with a decimal comma ("38,93"), as only day-first
 * countries write them: several such amounts and far fewer with a decimal point, since a reader
 * may take a point for a comma here and there. */
export function writesDecimalComma(texts: readonly string[]): boolean {
  let comma = 0;
  let point = 0;
  for (const t of texts) {
    comma += (t.match(/(?<![\d.,])\d{1,3}(?:\.\d{3})*,\d{2}(?![\d.,])/g) ?? []).length;
    point += (t.match(/(?<![\d.,])\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.,])/g) ?? []).length;
  }
  return comma >= 2 && comma >= 3 * point;
}

/** The proven order, else day-first when dates are dotted or the document's currency is spent
 * only where dates are written day first (DAY_FIRST_CURRENCIES), else null. */
export function orderWithHints(decision: OrderDecision, dayFirstCurrency = false): DayOrder | null {
  return decision.order ?? (decision.dotted || dayFirstCurrency ? 'dmy' : null);
}

export interface ResolvedDate {
  iso: string;
  raw: string;
  /** Both orders give a valid date and nothing decided between them. */
  ambiguous: boolean;
  /** The other reading when ambiguous. */
  alternative: string | null;
}

/** Reads a date in the document's order; when the order is unknown, notes the ambiguity. */
export function resolveDate(raw: string, order: DayOrder | null): ResolvedDate | null {
  const cleaned = stripDiacritics(raw).replace(/(\d)er\b/i, '$1');
  const first = parseDate(cleaned, order ?? 'dmy');
  if (!first) return null;
  if (order || !first.ambiguous) return { iso: first.iso, raw, ambiguous: false, alternative: null };
  const other = parseDate(cleaned, 'mdy');
  return { iso: first.iso, raw, ambiguous: true, alternative: other && other.iso !== first.iso ? other.iso : null };
}

const DAY_MS = 86_400_000;
export const daysBetween = (fromIso: string, toIso: string): number => Math.round((Date.parse(toIso) - Date.parse(fromIso)) / DAY_MS);

/** "Payment due within 30 days", "Net 30", "14 Tage netto", "30 jours". */
export function termsDays(text: string): number | null {
  const m = stripDiacritics(text)
    .toUpperCase()
    .match(/\b(?:NET\s*)?(\d{1,3})\s*(?:DAYS|DAY|TAGE|JOURS|DAGEN|DIAS|GIORNI)\b|\bNET\s*(\d{1,3})\b/);
  if (!m) return null;
  const n = Number(m[1] ?? m[2]);
  return n > 0 && n <= 365 ? n : null;
}

/** A time of day: 17:31, 5:31 PM, 17:31:05. */
export function findTime(text: string): { value: string; raw: string } | null {
  const m = text.match(/\b([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?\s*([AP]\.?M\.?)?(?![\d:])/i);
  if (!m) return null;
  let h = Number(m[1]);
  const pm = m[4] ? /^p/i.test(m[4]) : null;
  if (pm === true && h < 12) h += 12;
  if (pm === false && h === 12) h = 0;
  const value = `${String(h).padStart(2, '0')}:${m[2]}${m[3] ? `:${m[3]}` : ''}`;
  return { value, raw: m[0].trim() };
}
