import { TILL_CHANGE, TILL_TENDER } from './document-kind.js';
import { matchLabel, upper } from './labels.js';
import { findAmounts } from './money.js';
import { paymentMethodIn } from './payment-methods.js';
import type { Row } from './rows.js';

/** What a till slip says was paid: the amount tendered less the change given back ("CASH 100.00",
 * "CHANGE 22.80" → 77.20). Read from other printed lines than the total, it can tell which of two
 * readings of the total's digits was printed. */

/** "Change", "Change due", the slip's short "Ch." standing first on its row, and the change's
 * words in the till's languages ("Rückgeld", "Monnaie rendue", "Baki"), matched on upper-cased text
 * without diacritics as the language lists are kept. */
const ENGLISH_CHANGE = /\bCHANGE(?:\s+DUE)?\b|^\W*CH\b\.?/;
const isChange = (text: string): boolean => {
  const folded = upper(text);
  return ENGLISH_CHANGE.test(folded) || TILL_CHANGE.test(folded);
};
/** A tender line: a payment method in any language ("Espèces", "Karte"), the till's tender words
 * ("Gegeben", "Entregado"), or the English ones. */
const ENGLISH_TENDER = /\b(?:TENDER(?:ED)?|PAYMENT|PAID)\b/;
const isTender = (text: string): boolean => {
  const folded = upper(text);
  return !isChange(text) && (ENGLISH_TENDER.test(folded) || TILL_TENDER.test(folded) || paymentMethodIn(text) !== null);
};
/** A row of what was paid or given back, by its words. */
export const paymentRow = (text: string): boolean => isTender(text) || isChange(text);
/** The tender is printed just above the change, a row or two up. */
const TENDER_ROWS_ABOVE = 2;

/** The amount standing alone at the right of a row that names it, or null when the row holds none
 * or several. A reader may give one printed amount twice ("CASH : 7.42 7.42"). Tender and change
 * are both paid out, so a minus before either ("Cash -50.00") says nothing of what was paid. */
function soleAmount(row: Row): number | null {
  const values = new Set(findAmounts(row.text).map((a) => Math.abs(a.value)));
  return values.size === 1 ? [...values][0]! : null;
}

export function paidAmount(rows: Row[]): number | null {
  const i = rows.findIndex((r) => isChange(r.text) && soleAmount(r) !== null);
  if (i < 0) return null;
  const change = soleAmount(rows[i]!)!;
  const tenderRow = rows
    .slice(Math.max(0, i - TENDER_ROWS_ABOVE), i)
    .reverse()
    .find((r) => r.page === rows[i]!.page && isTender(r.text) && soleAmount(r) !== null);
  if (!tenderRow) return null;
  const paid = Math.round((soleAmount(tenderRow)! - change) * 100) / 100;
  return paid > 0 ? paid : null;
}

/** The amounts on tender rows ("CASH $6.90", "VISA 57.76"): a card, or cash given exactly, pays
 * the total itself, so one of them may tell which of two readings of the total was printed. Not a
 * tender with a smaller amount on the row under it: that is the change, its word misread
 * ("Gegeben BAR 20,00" over "Rickgeld 4,83"), and the tender more than was paid. */
export function tenderedAmounts(rows: Row[]): number[] {
  const exact = rows.filter((r, i) => {
    const tendered = soleAmount(r);
    if (!isTender(r.text) || tendered === null) return false;
    const next = rows[i + 1];
    const under = next && next.page === r.page && !isTender(next.text) && !matchLabel('tax', next.text) ? soleAmount(next) : null;
    return !(under !== null && under > 0 && under < tendered);
  });
  return [...new Set(exact.map(soleAmount))].filter((v): v is number => v !== null && v > 0);
}
