import type { FieldValue } from '../../domain/result.js';
import type { Box } from '../../readers/types.js';
import type { ExtractedValue, FieldSpec } from '../types.js';
import type { CurrencyFinding } from './currency.js';
import { type ResolvedDate } from './dates.js';
import { regionOf, unionBox, type Row } from './rows.js';
import type { ItemReading } from './table.js';
import type { TotalsBlock } from './totals.js';

/** The money fields of a totals block, carried alike by invoices and receipts (in this order). */
export const TOTALS_FIELDS: readonly FieldSpec[] = [
  { key: 'currency', label: 'Currency', kind: 'currency' },
  { key: 'subtotal', label: 'Subtotal', kind: 'amount' },
  { key: 'service_charge', label: 'Service charge', kind: 'amount' },
  { key: 'tax_rate', label: 'Tax rate', kind: 'amount' },
  { key: 'tax_amount', label: 'Tax amount', kind: 'amount' },
  { key: 'rounding', label: 'Rounding', kind: 'amount' },
  { key: 'total', label: 'Total', kind: 'amount', isKey: true, required: true },
];

export const LINE_ITEMS_FIELD: FieldSpec = { key: 'line_items', label: 'Line items', kind: 'items' };

/** Builds the extractor's values from what the layout helpers found. */

/** How far a value is trusted by how it was found: a label beside it, under it, or layout alone. */
export const CONFIDENCE = { labelled: 0.9, below: 0.8, layout: 0.6 } as const;

export function valueOf(
  key: string,
  value: FieldValue,
  raw: string,
  page: number,
  boxes: Box[],
  confidence: number,
  extra: Partial<ExtractedValue> = {},
): ExtractedValue {
  return { key, value, raw, region: regionOf(page, boxes), confidence, ...extra };
}

/** The document's currency, placed on the row that printed its mark, where a second reader looks for
 * it; a mark many currencies use is not looked for, since the second reader's agreement would not
 * say which currency it is. */
export function currencyValue(rows: Row[], currency: CurrencyFinding, confidence: number): ExtractedValue {
  const markRow = currency.markOfMany ? null : rows[currency.line];
  return valueOf('currency', currency.code, currency.raw, markRow?.page ?? rows[0]!.page, markRow ? [markRow.box] : [], confidence);
}

export function dateValue(key: string, date: ResolvedDate, page: number, boxes: Box[], confidence: number): ExtractedValue {
  if (!date.ambiguous) return valueOf(key, date.iso, date.raw, page, boxes, confidence);
  return valueOf(key, date.iso, date.raw, page, boxes, confidence, {
    problems: ['DATE_NEEDS_REVIEW'],
    reason: `"${date.raw}" could be ${date.iso} or ${date.alternative ?? 'another date'}; nothing on the document shows whether the day or the month comes first.`,
  });
}

/** A total is told from the subtotal, the tax, an amount due and a line's price by its label, its
 * place in the totals block and the arithmetic. Without amounts that add up, only an amount under
 * a label that names it unmistakably ("Grand total", "Gesamtbetrag", "Total TTC", "Subtotal")
 * counts as placed; one under a plain "Total" or "VAT" is a layout guess (one reading), whatever
 * its characters: "VAT" also heads an item line's tax column. */
export function totalsValues(totals: TotalsBlock): ExtractedValue[] {
  const out: ExtractedValue[] = [];
  const amount = (key: string, a: TotalsBlock['total'], guess = false, stillAGuess = false, doubt: string | null = null): void => {
    if (a)
      out.push(
        valueOf(
          key,
          a.value,
          a.raw,
          a.page,
          a.boxes,
          stillAGuess ? CONFIDENCE.layout : a.strength >= 3 ? CONFIDENCE.labelled : guess ? CONFIDENCE.layout : CONFIDENCE.below,
          {
            ...(doubt ? { problems: ['ARITHMETIC_MISMATCH'], reason: doubt } : {}),
            ...(a.perRate ? { parts: a.perRate.map((r) => unionBox(r.boxes)), sumOf: a.perRate.map((r) => r.value) } : {}),
          },
        ),
      );
  };
  amount('subtotal', totals.subtotal, !totals.consistent);
  amount('tax_amount', totals.tax, !totals.consistent);
  amount('rounding', totals.rounding, !totals.consistent);
  amount('service_charge', totals.charge, !totals.consistent);
  // An amount due taken for the total is right only when nothing was prepaid: arithmetic must say so.
  amount('total', totals.total, !totals.consistent, !totals.consistent && totals.totalFromDue, totals.totalDoubt);
  const rate = totals.taxRate;
  if (rate)
    out.push(
      valueOf(
        'tax_rate',
        rate.value,
        rate.raw,
        rate.page,
        rate.boxes,
        totals.consistent || (totals.tax?.strength ?? 0) >= 3 ? CONFIDENCE.labelled : CONFIDENCE.layout,
      ),
    );
  return out;
}

/** Line items as one list value; the region covers the items on the first page they appear on.
 * Items found without a table header (a till slip's rows) are a layout guess. */
export function itemsValue(items: ItemReading[], guessed = false): ExtractedValue | null {
  if (!items.length) return null;
  const page = items[0]!.page;
  const value = items.map((i) => ({
    description: i.item.description,
    quantity: i.item.quantity,
    unit_price: i.item.unit_price,
    amount: i.item.amount,
    // Only where a discount column printed one: the amount is after it.
    ...(i.item.discount_percent ? { discount_percent: i.item.discount_percent } : {}),
    ...(i.item.discount_amount ? { discount_amount: i.item.discount_amount } : {}),
  }));
  const raw = items.map((i) => `${i.item.description} | ${i.item.quantity ?? ''} | ${i.item.unit_price ?? ''} | ${i.item.amount}`).join('\n');
  // A description without words ("1", "2": the position column) says the columns were not told
  // apart: whatever stands in the other columns may be misplaced too.
  const wordless = items.find((i) => !/\p{L}{2}/u.test(i.item.description));
  return valueOf(
    'line_items',
    value,
    raw,
    page,
    items.filter((i) => i.page === page).flatMap((i) => i.boxes),
    guessed ? CONFIDENCE.layout : CONFIDENCE.below,
    wordless
      ? {
          problems: ['LOW_CONFIDENCE'],
          reason: `An item's description is "${wordless.item.description}", with no words: the table's columns may not have been told apart.`,
        }
      : {},
  );
}
