import { findAmounts } from './money.js';
import type { Row } from './rows.js';

/** What a till slip says was paid: the amount tendered less the change given back ("CASH 100.00",
 * "CHANGE 22.80" → 77.20). Read from other printed lines than the total, it can tell which of two
 * readings of the total's digits was printed. */

const CHANGE = /\bCHANGE(?:\s+DUE)?\b/i;
const TENDER = /\b(?:CASH|TENDER(?:ED)?|PAYMENT|PAID|VISA|MASTER(?:CARD)?|AMEX|DEBIT|CREDIT|CARD)\b/i;
/** The tender is printed just above the change, a row or two up. */
const TENDER_ROWS_ABOVE = 2;

/** The amount standing alone at the right of a row that names it, or null when the row holds none or several. */
function soleAmount(row: Row): number | null {
  const amounts = findAmounts(row.text);
  return amounts.length === 1 ? amounts[0]!.value : null;
}

export function paidAmount(rows: Row[]): number | null {
  const i = rows.findIndex((r) => CHANGE.test(r.text) && soleAmount(r) !== null);
  if (i < 0) return null;
  const change = soleAmount(rows[i]!)!;
  const tenderRow = rows
    .slice(Math.max(0, i - TENDER_ROWS_ABOVE), i)
    .reverse()
    .find((r) => r.page === rows[i]!.page && TENDER.test(r.text) && !CHANGE.test(r.text) && soleAmount(r) !== null);
  if (!tenderRow) return null;
  const paid = Math.round((soleAmount(tenderRow)! - change) * 100) / 100;
  return paid > 0 ? paid : null;
}
