import { stripDiacritics } from '../../domain/normalise.js';

/** Currency marks to ISO 4217. `$` is read as USD unless the document names another dollar. */
const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  $: 'USD',
  '¥': 'JPY',
  '₹': 'INR',
  RS: 'INR',
  'RS.': 'INR',
  RM: 'MYR',
};

/** Codes accepted when printed (a closed list avoids reading any three capitals as a currency). */
export const ISO_CURRENCIES = new Set([
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'PLN',
  'INR',
  'MYR',
  'SGD',
  'AUD',
  'CAD',
  'JPY',
  'CNY',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'ZAR',
  'AED',
  'SAR',
  'QAR',
  'NZD',
  'HKD',
  'RON',
  'BGN',
  'TRY',
  'BRL',
  'MXN',
  'KRW',
]);

/** Currencies whose countries write numeric dates day first and never month first (a US dollar,
 * a Canadian dollar or a peso says nothing: month-first is common where they are spent). */
export const DAY_FIRST_CURRENCIES = new Set([
  'EUR',
  'GBP',
  'CHF',
  'PLN',
  'INR',
  'MYR',
  'SGD',
  'AUD',
  'NZD',
  'SEK',
  'NOK',
  'DKK',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'TRY',
  'BRL',
  'HKD',
]);

export function currencyOfMark(mark: string): string | null {
  const m = mark.trim().toUpperCase();
  if (ISO_CURRENCIES.has(m)) return m;
  return SYMBOLS[m] ?? null;
}

const CODE_RE = /\b([A-Z]{3})\b/g;
/** A bare RM heads a till's amount column ("AMOUNT RM", "Total (RM):"): Malaysian ringgit. The
 * mark and its amount may stand in two cells of a row, which a row's text joins by a wider gap
 * ("GRAND TOTAL RM  216.85"). */
const SYMBOL_RE = /[€£$¥₹]|\bRM\s*\d|\bRS\.?\s*\d|\(\s?RM\s?\)|\bRM\s*$/gi;
const LABEL_RE = /\b(?:CURRENCY|WAHRUNG|DEVISE|VALUTA|MONEDA|MUNT)\b\s*:?\s*([A-Z]{3})\b/;
/** Words that name a currency in running text ("All charges are in US Dollars", "Euros"). */
const NAME_FORMS: [string, string][] = [
  ['US\\s?DOLLARS?', 'USD'],
  ['EUROS?', 'EUR'],
  ['POUNDS? STERLING', 'GBP'],
  ['RUPEES?', 'INR'],
  ['RINGGIT', 'MYR'],
];
const NAMES: [RegExp, string][] = NAME_FORMS.map(([form, code]) => [new RegExp(`\\b${form}\\b`), code]);
/** An amount with its cents, thousands marks allowed ("21,17", "1.234,56"). */
const AMOUNT = '\\d[\\d.,]*[.,]\\d{2}(?!\\d)';

/** Whether `code` (or a word or a mark of letters that names it: "EUROS", "RM") stands in the line
 * run into the word before it or the amount beside it, as a reader that drops narrow spaces prints
 * a till's total row ("SUMMEEUR 21,17", "TOTAL TTC EUR23,08", "TOTALEUROS 39,13", "DIBAYARRM
 * 119.20"): printed in capitals against an amount, it is the mark, not letters inside a word. A
 * reader that sets gaps inside the word or the amount instead ("TOTALEU ROS35,77", "EUR4 0,14")
 * prints the row so with its spaces taken out. Only a code already read elsewhere is looked for so. */
export function currencyRunIn(line: string, code: string): boolean {
  const marks = Object.entries(SYMBOLS)
    .filter(([mark, c]) => c === code && /^[A-Z]{2,}$/.test(mark))
    .map(([mark]) => mark);
  const forms = [code, ...NAME_FORMS.filter(([, c]) => c === code).map(([form]) => form), ...marks].join('|');
  const runIn = new RegExp(`(?:${forms})\\s?${AMOUNT}|\\d[.,]\\d{2}\\s?(?:${forms})(?![A-Z])`);
  return runIn.test(line) || runIn.test(line.replace(/\s+/g, ''));
}

export interface CurrencyFinding {
  code: string;
  /** The text that named it. */
  raw: string;
  how: 'label' | 'code' | 'symbol' | 'name';
  /** The document names this currency and no other, by its code at least twice or by a mark only
   * it uses (€): then it is the document's currency as surely as a label would say. */
  sole: boolean;
  /** The first of `lines` that names it: where a second reader can look for the mark. */
  line: number;
  /** Named only by a mark many currencies use ("$", "¥"): a second reader that sees the same mark
   * confirms the mark, not which currency it is (a Malaysian till may print "$"). */
  markOfMany: boolean;
}

/** Marks that name one currency wherever they are printed ("$" is many dollars, "¥" two currencies). */
const UNAMBIGUOUS_MARKS = new Set(['€']);
const MARKS_OF_MANY = new Set(['$', '¥']);

/** The document's currency: a labelled code first, then the most frequent printed code or symbol. */
export function detectCurrency(lines: string[]): CurrencyFinding | null {
  const counts = new Map<string, { n: number; raw: string; how: CurrencyFinding['how']; sure: number; line: number; markOfMany: boolean }>();
  let at = 0;
  const bump = (code: string, raw: string, how: CurrencyFinding['how'], weight: number, sure = false): void => {
    const c = counts.get(code) ?? { n: 0, raw, how, sure: 0, line: at, markOfMany: true };
    c.n += weight;
    if (!(how === 'symbol' && MARKS_OF_MANY.has(raw.replace(/[\s\d()]/g, '')))) c.markOfMany = false;
    if (sure) c.sure += 1;
    counts.set(code, c);
  };
  for (const [i, line] of lines.slice(0, 2000).entries()) {
    at = i;
    const t = stripDiacritics(line).toUpperCase();
    const labelled = t.match(LABEL_RE);
    if (labelled && ISO_CURRENCIES.has(labelled[1]!)) return { code: labelled[1]!, raw: labelled[0], how: 'label', sole: true, line: i, markOfMany: false };
    // Codes only as printed in capitals: "we try" is not Turkish lira.
    for (const m of line.matchAll(CODE_RE)) if (ISO_CURRENCIES.has(m[1]!)) bump(m[1]!, m[1]!, 'code', 2, true);
    for (const m of line.matchAll(SYMBOL_RE)) {
      const mark = m[0].replace(/[\s\d()]/g, '');
      const code = currencyOfMark(mark);
      if (code) bump(code, m[0].trim(), 'symbol', 1, UNAMBIGUOUS_MARKS.has(mark));
    }
    for (const [re, code] of NAMES) if (re.test(t)) bump(code, code, 'name', 2);
  }
  // An explicit dollar code (AUD, CAD…) beside bare "$" signs names which dollar they are.
  const dollars = [...counts.keys()].filter((c) => c !== 'USD' && /D$/.test(c));
  if (dollars.length === 1 && counts.has('USD') && counts.get('USD')!.how === 'symbol') {
    counts.get(dollars[0]!)!.n += counts.get('USD')!.n;
    counts.delete('USD');
  }
  const best = [...counts.entries()].sort((a, b) => b[1].n - a[1].n)[0];
  if (!best) return null;
  const [code, c] = best;
  return { code, raw: c.raw, how: c.how, sole: counts.size === 1 && c.sure >= 2, line: c.line, markOfMany: c.markOfMany };
}
