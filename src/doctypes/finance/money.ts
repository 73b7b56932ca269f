import { parseAmount, SPACE_GROUPED } from '../../domain/normalise.js';
import { currencyOfMark } from './currency.js';

/** Amounts as printed in either decimal convention, with or without a currency mark. */

export interface AmountToken {
  value: number;
  raw: string;
  /** Character offsets in the searched text. */
  start: number;
  end: number;
  /** ISO 4217 code when a symbol or code stood next to the number. */
  currency: string | null;
}

const MARK = String.raw`(?:[€$£¥₹]|RM|RS\.?|INR|EUR|USD|GBP|CHF|PLN|MYR|SGD|AUD|CAD|JPY|CNY|SEK|NOK|DKK|CZK|HUF|ZAR|AED|SAR|QAR|NZD|HKD)`;
/** Indian grouping, in lakhs and crores ("1,23,456.78", "₹12,34,567.00"). */
const LAKH_GROUPED = String.raw`\d{1,2}(?:,\d{2})+,\d{3}\.\d{2}(?!\d)`;
/** Grouped thousands (1,234.56 / 1.234,56 / 1 234,56 with a no-break space) or plain digits, with two
 * decimals; OCR of a small till print may set a space after the decimal point ("105. 00") or before
 * it ("41 .34", PaddleOCR). A French
 * amount's thousands stand apart by a plain space too when a reader or a PDF writes one
 * ("1 234,56 €"): read as 234,56, a total, its net and its tax all lose their thousands and still
 * add up. A count printed just before a price of three figures ("10 100,00") is read as one number
 * then, and its sums fail instead. */
const NUMBER = String.raw`-?(?:${SPACE_GROUPED}|${LAKH_GROUPED}|(?:\d{1,3}(?:[.,'’\u00a0\u202f]\d{3})+|\d+)(?:[.,]|\. | [.,])\d{2}(?!\d))`;
/** A whole number counts as an amount only next to a currency mark ("€ 9", "0 €"); never the
 * units of an amount whose cents a reader set apart ("RM 65. 20" is 65.20, not 65; "RM 41 .34"). */
const WHOLE = String.raw`-?(?:\d{1,3}(?:[.,'’\u00a0\u202f]\d{3})+|\d+)(?![.,]\d|\. \d| [.,]\d)`;

/** After a currency mark, cents that a reader set apart with the point lost ("RM8 60") end the text:
 * 8.60, not 8 followed by a count of 60. */
const LOST_POINT = String.raw`\d{1,6} \d{2}(?=\s*$)`;

/** Not inside a longer number, a date or a code; a slash counts as such only after one of their
 * characters ("12/18.00"), while one standing apart is a stroke of a stamp or a rule a reader
 * set before the amount ("TOTAL  /18.00"). */
const AMOUNT_RE = new RegExp(
  String.raw`(?<![\w.,:-])(?<![\w.,:-]\/)(?:(?<pre>${MARK})\s?(?<a>${NUMBER}|${LOST_POINT}|${WHOLE})|(?<b>${NUMBER})(?:\s?(?<post>${MARK}))?|(?<c>${WHOLE})\s?(?<post2>${MARK}))(?![\w%]|\s?%|[.,/:-]\d)`,
  'giu',
);

/** Every amount in a piece of text, left to right. */
export function findAmounts(text: string): AmountToken[] {
  if (text.length > 2000) text = text.slice(0, 2000);
  const out: AmountToken[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const g = m.groups ?? {};
    const digits = g.a ?? g.b ?? g.c;
    if (!digits) continue;
    const value = parseAmount(digits.replace(/^(\d+) (\d{2})$/, '$1.$2').replace(/[\s\u00a0\u202f'’]/g, ''));
    if (value === null) continue;
    const mark = g.pre ?? g.post ?? g.post2 ?? null;
    out.push({ value, raw: m[0].trim(), start: m.index, end: m.index + m[0].length, currency: mark ? currencyOfMark(mark) : null });
  }
  return out;
}

/** The last amount in the text (the value column is on the right), or null. */
export function lastAmount(text: string): AmountToken | null {
  const all = findAmounts(text);
  return all[all.length - 1] ?? null;
}

/** A quantity as printed: 3, 1.5, 1,5, 2.00 kg. */
export function parseQuantity(text: string): number | null {
  const m = text.trim().match(/^(\d{1,6}(?:[.,]\d{1,3})?)\s*(?:[A-Za-z]{0,6}\.?|[xX×])$/);
  if (!m) return null;
  const n = Number(m[1]!.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** A percentage: "19%", "7,5 %". */
export function findPercent(text: string): number | null {
  const m = text.match(/(\d{1,2}(?:[.,]\d{1,2})?)\s?%/);
  return m ? Number(m[1]!.replace(',', '.')) : null;
}

export const cents = (n: number): number => Math.round(n * 100);

/** A quantity at a unit price makes the amount, to a cent of rounding. */
export const quantityMakes = (quantity: number, unit: number, amount: number): boolean => Math.abs(Math.round(quantity * unit * 100) - cents(amount)) <= 1;

export const formatAmount = (n: number): string => n.toFixed(2);
