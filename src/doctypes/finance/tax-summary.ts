import { matchLabel, upper } from './labels.js';
import { cents, findAmounts } from './money.js';
import { rowsBelow, type Row } from './rows.js';

/** What a till slip's tax summary says the slip came to. A GST or VAT till prints, after the total,
 * the net and the tax per rate ("GST SUMMARY  AMOUNT  TAX" / "SR @ 6%  8.12  0.48"): net plus tax
 * over its rows (or its own "Total" row) is the amount the tax was charged on with the tax, the
 * total before any cash rounding. Printed apart from the total, it says what the total is as the
 * tender lines do. */

/** A heading row naming the summary ("GST Summary", "Tax analysis"), or its columns alone, the
 * amount and the tax ("Code  Amount  Tax", "Tax Code Amount GST"), with no amount on it. */
const COLUMNS = /\b(?:AMOUNT|AMT|NET|NETT)\b.*\b(?:TAX|GST|VAT|SST)\b|\b(?:TAX|GST|VAT|SST)\b.*\b(?:AMOUNT|AMT)\b.*\b(?:TAX|GST|VAT|SST)\b/;
const isHeading = (row: Row): boolean => !findAmounts(row.text).length && (matchLabel('tax_summary', row.text) !== null || COLUMNS.test(upper(row.text)));

/** Rows of the summary: at most this many under its heading (a rate each, and their total). */
const MAX_SUMMARY_ROWS = 6;

/** Net and tax, in cents, that a summary on the rows states: its rate rows summed, and its own
 * total row where it prints one. Rows of the summary hold two amounts or more (net, then tax, the
 * last two); it ends at the first row that does not. Empty when no summary was read. */
export function summaries(rows: Row[]): Array<{ net: number; tax: number }> {
  const out: Array<{ net: number; tax: number }> = [];
  for (const heading of rows.filter(isHeading)) {
    const rates = { net: 0, tax: 0 };
    let counted = 0;
    for (const row of rowsBelow(rows, heading, MAX_SUMMARY_ROWS)) {
      const amounts = findAmounts(row.text);
      if (amounts.length < 2) break;
      const [net, tax] = amounts.slice(-2).map((a) => cents(a.value)) as [number, number];
      if (net < 0 || tax < 0) break;
      if (matchLabel('total', row.text) !== null) out.push({ net, tax });
      else {
        rates.net += net;
        rates.tax += tax;
        counted++;
      }
    }
    if (counted) out.push(rates);
  }
  // Its heading misread ("TAX CODE", its columns' words lost), the summary is still its rate rows,
  // each a tax code at its rate with the net and the tax ("A @ 19% 13,08 2,48"), one under another.
  if (out.length === 0) {
    const rated = rows.filter((r) => RATE_ROW.test(upper(r.text))).map((r) => ({ row: r, amounts: findAmounts(r.text) }));
    const withBoth = rated.filter((r) => r.amounts.length >= 2);
    if (withBoth.length && withBoth.every((r, i) => i === 0 || r.row.index === withBoth[i - 1]!.row.index + 1)) {
      const pairs = withBoth.map((r) => r.amounts.slice(-2).map((a) => cents(a.value)) as [number, number]);
      if (pairs.every(([net, tax]) => net >= 0 && tax >= 0)) out.push({ net: pairs.reduce((t, [n]) => t + n, 0), tax: pairs.reduce((t, [, x]) => t + x, 0) });
    }
  }
  return out.filter((s) => s.net + s.tax > 0);
}

/** A summary's rate row: a tax code of a letter or two at its rate ("A @ 19%", "SR @ 6%", "B@ 7%"). */
const RATE_ROW = /^\W*[A-Z]{1,2}\s*@\s*\d{1,2}(?:[.,]\d{1,2})?\s*%/;

/** Net plus tax, in cents, that a summary on the rows states (see summaries). */
export function summaryTotals(rows: Row[]): number[] {
  return [...new Set(summaries(rows).map((s) => s.net + s.tax))];
}
