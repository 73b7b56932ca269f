import { matchLabel, upper } from './labels.js';
import { findAmounts } from './money.js';
import type { Row } from './rows.js';

/** How many articles a till slip says it sold ("Positionen: 4", "NB ARTICLES: 8", "TOTAL QTY: 10
 * 16.98"): the one whole number on a row so labelled, beside any amount. A slip counts its lines
 * or its pieces, so item rows read that fall short of both prove that rows were missed. */

/** More articles than a slip's count line would print: a larger number is a code, not a count. */
const MAX_COUNT = 999;
/** The pieces' word of a till that prints its lines' count beside them: "Item(s) : 5 Qty(s) : 13". */
const BOTH_COUNTS = /\bQTY\s*\(S\)/;

export function printedItemCount(rows: Row[]): number | null {
  const counts = new Set<number>();
  for (const row of rows) {
    if (!matchLabel('item_count', row.text)) continue;
    let rest = row.text;
    for (const a of findAmounts(row.text).reverse()) rest = rest.slice(0, a.start) + ' ' + rest.slice(a.end);
    const whole = [...rest.matchAll(/(?<![\w.,])\d{1,3}(?![\w.,%]|[.,]\d)/g)].map((m) => Number(m[0]));
    // A row that counts lines and pieces ("Item(s) : 5 Qty(s) : 13") says at least the smaller.
    const count = whole.length === 1 ? whole[0]! : whole.length === 2 && BOTH_COUNTS.test(upper(row.text)) ? Math.min(...whole) : null;
    if (count !== null && count > 0 && count <= MAX_COUNT) counts.add(count);
  }
  return counts.size === 1 ? [...counts][0]! : null;
}

/** Item rows that fall short of the printed count in lines and in pieces (a row without a
 * quantity being one piece). */
export function fewerItemsThanPrinted(items: ReadonlyArray<{ quantity: number | null }>, printed: number | null): boolean {
  if (printed === null) return false;
  const pieces = items.reduce((n, i) => n + (i.quantity ?? 1), 0);
  return items.length < printed && pieces < printed;
}

/** A row priced as a quantity times its unit price ("4 x 19.74", "2 X 5,85 11,70"): an item's row,
 * whether or not its amount was read beside it. */
const PRICED_ROW = /(?<![\d.,])\d{1,3}\s*[xX×]\s*\d{1,6}[.,]\d{2}(?![\d])/;

/** Item rows read that are fewer than the rows a reader's page shows priced by quantity and unit
 * price: the amounts of the others went unread (a slip's amount column dropped by the page read,
 * "4 x 19.74" with nothing beside it), and the rows read are not all of the slip's. */
export function fewerItemsThanPriced(itemsRead: number, rows: readonly Row[]): boolean {
  return rows.filter((r) => PRICED_ROW.test(r.text)).length > itemsRead;
}
