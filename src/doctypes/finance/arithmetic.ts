import { cents, formatAmount } from './money.js';

/** Arithmetic as evidence: each line's quantity × unit price, the lines' sum against the subtotal,
 * and subtotal + tax against the total, each to the cent (one cent of rounding per line). */

export interface ItemNumbers {
  quantity: number | null;
  unit_price: number | null;
  amount: number;
  /** The line's own discount, printed in its column: quantity × price less it is the amount. */
  discount_percent?: number | null;
  discount_amount?: number | null;
}

export interface ArithmeticInput {
  items: ItemNumbers[] | null;
  /** The item rows are known to be short of the slip's own (fewer than its printed count), or were
   * placed by layout alone or read by one reader while other printed figures vouch for the total:
   * a sum that does not add up then says rows were missed or misread, not that the total was
   * misplaced. */
  itemsOutweighed?: boolean;
  subtotal: number | null;
  taxAmount: number | null;
  taxRate: number | null;
  /** A printed rounding adjustment, signed: part of what the total adds up to. */
  rounding?: number | null;
  /** Discounts and charges on the whole document, signed (a discount negative): the lines' sum
   * plus them is the net. */
  adjustments?: number | null;
  /** A service charge added to the subtotal, before the tax. */
  charge?: number | null;
  /** A rounding line was printed and its amount not read: subtotal and tax may then miss a cash
   * total by the rounding itself. */
  roundingUnread?: boolean;
  /** A tax line was printed and its amount not read: the total may then exceed the subtotal by
   * the tax no one read. */
  taxUnread?: boolean;
  total: number | null;
}

export type CheckName = 'line' | 'items_sum' | 'total' | 'tax_rate';

export interface Check {
  name: CheckName;
  /** Field keys whose printed values the check involves. */
  fields: string[];
  ok: boolean;
  /** The numbers, in words, e.g. "8 × 39.50 = 316.00, printed 326.00". */
  detail: string;
  /** Whether a failure is a mismatch to report (a tax rate may apply to part of the amount only). */
  reportable: boolean;
}

/** The most a cash rounding moves a total (to the nearest 0.05 or 0.10), in cents. */
const MAX_ROUNDING_CENTS = 5;
/** The largest share of the subtotal a sales tax or VAT takes (27% is the highest standard rate
 * in Europe): a gap wider than that is no tax left unread. */
const MAX_TAX_SHARE = 0.3;

/** A total above what its parts add up to by no more than a tax, where a tax line was printed and
 * its amount not read: neither proven nor disproven. */
function withinUnreadTax(input: ArithmeticInput, parts: number, base: number): boolean {
  if (input.taxUnread !== true || input.taxAmount !== null || input.total === null) return false;
  const gap = cents(input.total) - parts;
  return gap > 0 && gap <= MAX_TAX_SHARE * base;
}

const fmtQty = (q: number): string => (Number.isInteger(q) ? String(q) : String(q));

function lineChecks(items: ItemNumbers[]): Check[] {
  const out: Check[] = [];
  items.forEach((item, i) => {
    if (item.quantity === null || item.unit_price === null) return;
    const gross = item.quantity * item.unit_price * 100;
    const percent = item.discount_percent ?? null;
    const off = item.discount_amount ?? null;
    const expected = Math.round(percent ? (gross * (100 - percent)) / 100 : off ? gross - cents(off) : gross);
    const ok = Math.abs(expected - cents(item.amount)) <= 1;
    const less = percent ? ` − ${percent}%` : off ? ` − ${formatAmount(off)}` : '';
    out.push({
      name: 'line',
      fields: ['line_items'],
      ok,
      detail: `line ${i + 1}: ${fmtQty(item.quantity)} × ${formatAmount(item.unit_price)}${less} = ${formatAmount(expected / 100)}${ok ? '' : `, printed ${formatAmount(item.amount)}`}`,
      reportable: true,
    });
  });
  return out;
}

/** Whether lines summing to `sum` (in cents) are priced with their tax: the sum is the total, and
 * net + tax is the total too, each before a printed cash rounding (which no line carries). */
function grossLines(sum: number, tolerance: number, subtotal: number | null, taxAmount: number | null, total: number | null, rounding: number | null): boolean {
  if (subtotal === null || !taxAmount || total === null) return false;
  const beforeRounding = cents(total) - (rounding !== null ? cents(rounding) : 0);
  return Math.abs(sum - beforeRounding) <= tolerance && Math.abs(cents(subtotal) + cents(taxAmount) - beforeRounding) <= 1;
}

export function checkArithmetic(input: ArithmeticInput): Check[] {
  const checks: Check[] = [];
  const { items, subtotal, taxAmount, taxRate, total } = input;
  const rounding = input.rounding ?? null;
  const charge = input.charge ?? null;
  if (items && items.length) {
    checks.push(...lineChecks(items));
    const sum = items.reduce((s, i) => s + cents(i.amount), 0);
    const tolerance = items.length;
    const target = subtotal !== null ? { key: 'subtotal', value: subtotal } : total !== null && !taxAmount ? { key: 'total', value: total } : null;
    // Item rows whose amounts come to nothing or less (none read, or a discount's row read and its
    // item's missed) are a misread of the items, not evidence against the sum. (One line worth more
    // than the sum is no such sign: the total may be what was misplaced.)
    if (target && sum > 0) {
      const plain = Math.abs(sum - cents(target.value)) <= tolerance;
      // Printed discounts and charges count when the lines alone do not make the net: a row taken
      // for one of them that was an item row is then already in the sum.
      const adjust = !plain && input.adjustments ? cents(input.adjustments) : null;
      const adjusted = adjust !== null ? sum + adjust : sum;
      const ok = Math.abs(adjusted - cents(target.value)) <= tolerance;
      const adjustDetail =
        adjust === null ? '' : `, ${adjust < 0 ? 'less discounts' : 'plus charges'} ${formatAmount(Math.abs(adjust) / 100)} = ${formatAmount(adjusted / 100)}`;
      // Lines priced with their tax ("prices include VAT") sum to the total, not the net: they add
      // up when they make the total to the cent and the net and the tax make it too.
      const gross = !ok && target.key === 'subtotal' && grossLines(adjusted, tolerance, subtotal, taxAmount, total, rounding);
      checks.push({
        name: 'items_sum',
        fields: ['line_items', ...(adjust !== null ? ['allowances_charges'] : []), ...(gross && rounding ? ['rounding'] : []), gross ? 'total' : target.key],
        ok: ok || gross,
        detail: gross
          ? `the ${items.length} line amounts, tax included, sum to ${formatAmount(sum / 100)}${adjustDetail}, the total${rounding ? ' before rounding' : ''}`
          : `the ${items.length} line amounts sum to ${formatAmount(sum / 100)}${adjustDetail}${ok ? '' : `, ${target.key} printed ${formatAmount(target.value)}`}`,
        reportable: !input.itemsOutweighed && !(target.key === 'total' && withinUnreadTax(input, adjusted, adjusted)),
      });
    }
  }
  if (subtotal !== null && total !== null) {
    const expected =
      cents(subtotal) + (charge !== null ? cents(charge) : 0) + (taxAmount !== null ? cents(taxAmount) : 0) + (rounding !== null ? cents(rounding) : 0);
    const ok = Math.abs(expected - cents(total)) <= 1;
    // A rounded cash total a few cents off, under a rounding line whose amount was not read, is
    // neither proven nor disproven by the sum.
    const withinUnreadRounding =
      input.roundingUnread === true && rounding === null && Math.abs(expected - cents(total)) <= MAX_ROUNDING_CENTS && cents(total) % 5 === 0;
    const parts =
      `subtotal ${formatAmount(subtotal)}` +
      (charge !== null ? ` + service charge ${formatAmount(charge)}` : '') +
      (taxAmount !== null ? ` + tax ${formatAmount(taxAmount)}` : ' (no tax)') +
      (rounding !== null ? ` ${rounding < 0 ? '−' : '+'} rounding ${formatAmount(Math.abs(rounding))}` : '');
    checks.push({
      name: 'total',
      fields: [
        'subtotal',
        ...(charge !== null ? ['service_charge'] : []),
        ...(taxAmount !== null ? ['tax_amount'] : []),
        ...(rounding !== null ? ['rounding'] : []),
        'total',
      ],
      ok,
      detail: `${parts} = ${formatAmount(expected / 100)}${ok ? '' : `, total printed ${formatAmount(total)}`}`,
      reportable: !withinUnreadRounding && !withinUnreadTax(input, expected, cents(subtotal)),
    });
  }
  if (subtotal !== null && taxAmount !== null && taxRate !== null) {
    const expected = Math.round(cents(subtotal) * taxRate) / 100;
    const ok = Math.abs(expected - cents(taxAmount)) <= 1;
    checks.push({
      name: 'tax_rate',
      fields: ['tax_rate', 'tax_amount'],
      ok,
      detail: `${taxRate}% of ${formatAmount(subtotal)} = ${formatAmount(expected / 100)}${ok ? '' : `, tax printed ${formatAmount(taxAmount)}`}`,
      reportable: false,
    });
  }
  return checks;
}

/** Fields the checks support: in at least one passing check and in no failing reportable one. */
export function supportedFields(checks: Check[]): Set<string> {
  const failed = new Set(checks.filter((c) => !c.ok && c.reportable).flatMap((c) => c.fields));
  return new Set(
    checks
      .filter((c) => c.ok)
      .flatMap((c) => c.fields)
      .filter((f) => !failed.has(f)),
  );
}
