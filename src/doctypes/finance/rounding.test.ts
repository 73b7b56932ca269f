import { describe, expect, it } from 'vitest';
import { extractReceipt } from '../receipt.js';
import { checkArithmetic, supportedFields } from './arithmetic.js';
import { matchLabel } from './labels.js';
import { readingRows } from './rows.js';
import { placed } from './test-reading.js';
import { findTotals } from './totals.js';

type Entry = [text: string, x: number, y: number, size?: number];
const rowsOf = (entries: Entry[]) => readingRows(placed(entries));
const NOW = new Date('2025-06-01T00:00:00Z');

/** A till slip's totals block, one line per entry, from the top. */
const slip = (...lines: string[]): Entry[] => lines.map((text, i): Entry => [text, 0.1, 0.5 + i * 0.03]);

describe('a printed rounding adjustment', () => {
  it('is a rounding line in each language, while a rounded total stays a total', () => {
    for (const printed of ['Rounding', 'Rounding Adj', 'ROUNDING ADJUSTMENT', 'Round off', 'Penny rounding', 'Rundung', 'Arrondi', 'Redondeo', 'Afronding'])
      expect(matchLabel('rounding', printed), printed).not.toBeNull();
    const t = findTotals(rowsOf(slip('Total 65.72', 'Rounded total 65.70')));
    expect(t.total?.value).toBe(65.7);
    expect(t.rounding).toBeNull();
  });

  it('makes the total printed under it, after rounding, the total', () => {
    const t = findTotals(rowsOf(slip('Subtotal 62.00', 'GST 3.72', 'Total incl GST 65.72', 'Rounding -0.02', 'Total after rounding 65.70', 'Cash 70.00')));
    expect(t).toMatchObject({ total: { value: 65.7 }, rounding: { value: -0.02 }, totalDoubt: null, consistent: true });
  });

  it('doubts a total printed above the rounding when the amount after rounding is not read, and keeps it out of the placed values', () => {
    const lines = slip('Total 65.72', 'Rounding -0.02', 'Cash 70.00');
    expect(findTotals(rowsOf(lines)).totalDoubt).toBe('The total 65.72 is printed above a rounding of -0.02; the amount after rounding was not read.');
    const total = extractReceipt(placed(lines), { now: NOW, pages: [] }).find((v) => v.key === 'total');
    expect(total).toMatchObject({ value: 65.72, problems: ['ARITHMETIC_MISMATCH'] });
    // A minus the reader dropped changes nothing.
    expect(findTotals(rowsOf(slip('Total 65.73', 'Rundung 0.02'))).totalDoubt).toMatch(/rounding/);
  });

  it('takes the total under the rounding that differs by it, whichever sign the reader kept', () => {
    const t = findTotals(rowsOf(slip('Total 65.73', 'Rounding 0.02', 'Total rounded 65.75')));
    expect(t).toMatchObject({ total: { value: 65.75 }, rounding: { value: 0.02 }, totalDoubt: null });
  });

  it('counts the rounding in subtotal + tax = total for a total printed under it', () => {
    const t = findTotals(rowsOf(slip('Sub total 324.50', 'GST 6% 19.47', 'Rounding Adj 0.02', 'Net total 343.95')));
    expect(t).toMatchObject({ subtotal: { value: 324.5 }, tax: { value: 19.47 }, total: { value: 343.95 }, rounding: { value: -0.02 }, consistent: true });
  });

  it('ignores a rounding of 0.00 and an amount too large to be one', () => {
    const t = findTotals(rowsOf(slip('Total 9.00', 'Rounding 0.00', 'Arrondi 9.00')));
    expect(t).toMatchObject({ total: { value: 9 }, rounding: null, totalDoubt: null });
  });
});

describe('the arithmetic with a rounding', () => {
  it('supports subtotal, tax, rounding and total that add up, and reports them when they do not', () => {
    const checks = checkArithmetic({ items: null, subtotal: 62, taxAmount: 3.72, taxRate: null, rounding: -0.02, total: 65.7 });
    expect(checks[0]).toMatchObject({ ok: true, detail: 'subtotal 62.00 + tax 3.72 − rounding 0.02 = 65.70' });
    expect([...supportedFields(checks)].sort()).toEqual(['rounding', 'subtotal', 'tax_amount', 'total']);
    const before = checkArithmetic({ items: null, subtotal: 62, taxAmount: 3.72, taxRate: null, rounding: -0.02, total: 65.72 });
    expect(before[0]!.ok).toBe(false);
  });
});
